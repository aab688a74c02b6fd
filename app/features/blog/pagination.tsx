import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { pageLinks } from "./list";
import { cn } from "~/lib/utils";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page of this list. */
  href: (page: number) => string;
}

/** Links to the list's other pages: plain links, so they work before (and without) JavaScript. */
export function Pagination({ page, pageCount, href }: PaginationProps) {
  if (pageCount <= 1) return null;
  const step = cn(buttonVariants({ variant: "ghost" }), "h-9 px-2.5 sm:px-3");
  return (
    <nav aria-label="Pagination" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={step}>
              <Icon name="chevron-left" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pageCount).map((item, position) =>
          item === "gap" ? (
            <li key={`gap-${position}`} aria-hidden="true" className="w-6 text-center text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={cn(buttonVariants({ variant: item === page ? "default" : "outline" }), "h-9 min-w-9 px-2 tabular-nums")}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={step}>
              <span className="sr-only sm:not-sr-only">Next</span>
              <Icon name="chevron-right" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
