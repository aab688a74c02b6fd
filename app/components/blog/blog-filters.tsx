import { Search } from "lucide-react";
import { useRef, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ALL_CATEGORIES } from "~/lib/blog";

export const SEARCH_PARAM = "q";
export const CATEGORY_PARAM = "category";

function filterParams(query: string, category: string | undefined) {
  const params = new URLSearchParams();
  if (query.trim() !== "") params.set(SEARCH_PARAM, query);
  if (category) params.set(CATEGORY_PARAM, category);
  return params;
}

interface BlogFiltersProps {
  categories: readonly string[];
  query: string;
  /** The selected category, undefined for All. */
  category: string | undefined;
}

/**
 * A real GET form: without JavaScript, Enter or a category button loads /blog?q=…&category=… from the server.
 * With JavaScript the URL follows the typing (replace, so Back leaves the blog) and nothing reloads.
 */
export function BlogFilters({ categories, query, category }: BlogFiltersProps) {
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(query);
  const [urlQuery, setUrlQuery] = useState(query);
  const formRef = useRef<HTMLFormElement>(null);
  // The URL wins when it changes from outside (Reset Filters, Back): the field shows what is filtered.
  if (query !== urlQuery) {
    setUrlQuery(query);
    setText(query);
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/blog"
      role="search"
      aria-label="Blog articles"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const nextCategory =
          submitter instanceof HTMLButtonElement && submitter.name === CATEGORY_PARAM ? submitter.value || undefined : category;
        setSearchParams(filterParams(text, nextCategory), { preventScrollReset: true, replace: nextCategory === category });
      }}
    >
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
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
              setUrlQuery(value);
              setSearchParams(filterParams(value, category), { replace: true, preventScrollReset: true });
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
