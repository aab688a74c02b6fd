import { useState } from "react";
import { Form, useLocation, useNavigate, useNavigationType } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { ALL_CATEGORIES } from "~/lib/blog/post";
import { CATEGORY_PARAM, filteredListHref, SEARCH_PARAM } from "~/lib/blog/list";
import { prefetchSearchIndex } from "~/lib/blog/search";

/** Set on the navigations the typing makes, so their (possibly older) value is never written back into the field. */
interface TypedState {
  typed: true;
}
const isTyped = (state: unknown) => (state as Partial<TypedState> | null)?.typed === true;

interface BlogFiltersProps {
  categories: readonly string[];
  query: string;
  /** The selected category, undefined for All. */
  category: string | undefined;
}

/**
 * A real GET form: without JavaScript, Enter or a category button loads /blog?q=…&category=… from the server.
 * With JavaScript the URL follows the typing (replace, so Back leaves the blog) and the list is searched in the
 * browser; the search index is fetched as soon as the visitor turns to the form. On the other list pages
 * (/blog/page/N, a category's list) the first change goes to /blog with the filters.
 */
export function BlogFilters({ categories, query, category }: BlogFiltersProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [text, setText] = useState(query);
  const [seenLocation, setSeenLocation] = useState(location.key);
  // The URL wins when it changes from outside (Reset Filters, another list page, Back): the field shows what is filtered.
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    if (!isTyped(location.state) || navigationType === "POP") setText(query);
  }

  const filter = (nextQuery: string, nextCategory: string | undefined, options: { typed: boolean; replace: boolean }) => {
    const state: TypedState | undefined = options.typed ? { typed: true } : undefined;
    // The address in the history now, not the one this render saw: the move from another list page to /blog can
    // commit between two keystrokes, and only the first change may add an entry (Back returns to that page).
    const onList = window.location.pathname === "/blog";
    void navigate(filteredListHref({ query: nextQuery, category: nextCategory }), {
      replace: onList && options.replace,
      preventScrollReset: true,
      state,
    });
  };

  return (
    <Form
      method="get"
      action="/blog"
      role="search"
      aria-label="Blog articles"
      className="flex flex-col gap-4"
      onFocus={prefetchSearchIndex}
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const nextCategory =
          submitter instanceof HTMLButtonElement && submitter.name === CATEGORY_PARAM ? submitter.value || undefined : category;
        filter(text, nextCategory, { typed: false, replace: nextCategory === category });
      }}
    >
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="blog-search"
            type="search"
            name={SEARCH_PARAM}
            placeholder="Search articles..."
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              filter(value, category, { typed: true, replace: true });
            }}
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
          const value = name === ALL_CATEGORIES ? "" : name;
          const selected = (category ?? "") === value;
          return (
            <Button
              key={name}
              type="submit"
              name={CATEGORY_PARAM}
              value={value}
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
    </Form>
  );
}
