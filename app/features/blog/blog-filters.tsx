import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { ALL_CATEGORIES } from "./post";
import { CATEGORY_PARAM, SEARCH_PARAM } from "./list";

/**
 * The filters' id, and the fragment of the addresses they lead to: a search lands with the box and its results in
 * view, not at the top of the page.
 */
export const BLOG_FILTERS_ID = "search";

interface BlogFiltersProps {
  categories: readonly string[];
  query: string;
  /** The selected category, undefined for All. */
  category: string | undefined;
}

/**
 * A plain GET form, with or without JavaScript (decision 031): Enter or a category button loads
 * /blog?q=…&category=… and the server answers it from its page cache. On the other list pages (/blog/page/N, a
 * category's list) it leads to /blog with the filters. The server drops the empty fields the form sends (`q=`).
 */
export function BlogFilters({ categories, query, category }: BlogFiltersProps) {
  return (
    <form
      id={BLOG_FILTERS_ID}
      method="get"
      action={`/blog#${BLOG_FILTERS_ID}`}
      role="search"
      aria-label="Blog articles"
      className="flex scroll-mt-24 flex-col gap-4"
    >
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          {/* Keyed by the query: a list React renders after a client-side visit shows what its own address filters. */}
          <Input
            key={query}
            id="blog-search"
            type="search"
            name={SEARCH_PARAM}
            placeholder="Search articles..."
            autoComplete="off"
            enterKeyHint="search"
            defaultValue={query}
            className="pl-9"
          />
        </div>
        {/* First submit button, so Enter uses it: it carries the current category along. */}
        <Button type="submit" name={category ? CATEGORY_PARAM : undefined} value={category ?? undefined}>
          Search
        </Button>
      </div>
      <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
        {[ALL_CATEGORIES, ...categories].map((name) => {
          const selected = (category ?? ALL_CATEGORIES) === name;
          return (
            <Button
              key={name}
              type="submit"
              // All sends no category at all.
              name={name === ALL_CATEGORIES ? undefined : CATEGORY_PARAM}
              value={name === ALL_CATEGORIES ? undefined : name}
              size="sm"
              variant={selected ? "default" : "outline"}
              aria-pressed={selected}
              className="rounded-full"
            >
              {name}
            </Button>
          );
        })}
      </div>
    </form>
  );
}
