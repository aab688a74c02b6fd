import { buttonVariants } from "~/components/ui/button";

/** Previous and next, with where the operator is; `href` builds a page's address (filters kept). */
export function Pagination({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const link = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={href(page - 1)} className={link} rel="prev">
          Previous
        </a>
      ) : (
        <span className="w-20" />
      )}
      <p className="text-sm text-muted-foreground">
        Page {page.toLocaleString("en-US")} of {pageCount.toLocaleString("en-US")}
      </p>
      {page < pageCount ? (
        <a href={href(page + 1)} className={link} rel="next">
          Next
        </a>
      ) : (
        <span className="w-20" />
      )}
    </nav>
  );
}
