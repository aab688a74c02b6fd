import { buttonVariants } from "~/components/ui/button";
import { PostForm } from "./post-form";

// Previous and next for every console list, by link or, when the filters must stay out of the address, by form.

/** How a page is reached when its filters must not go in an address (a search text): a form posting these fields. */
interface PagePost {
  action: string;
  fields: (page: number) => URLSearchParams;
}

/** Previous and next, with where the operator is; `href` builds a page's address (filters kept), `post` a page's form. */
export function Pagination({
  page,
  pageCount,
  href,
  post,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  post?: PagePost | undefined;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const link = buttonVariants({ variant: "outline", size: "sm" });
  const to = (target: number, name: string, rel: string) =>
    post ? (
      <PostForm action={post.action}>
        {[...post.fields(target)].map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <button type="submit" className={link}>
          {name}
        </button>
      </PostForm>
    ) : (
      <a href={href(target)} className={link} rel={rel}>
        {name}
      </a>
    );
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {page > 1 ? to(page - 1, "Previous", "prev") : <span className="w-20" />}
      <p className="text-sm text-muted-foreground">
        Page {page.toLocaleString("en-US")} of {pageCount.toLocaleString("en-US")}
      </p>
      {page < pageCount ? to(page + 1, "Next", "next") : <span className="w-20" />}
    </nav>
  );
}
