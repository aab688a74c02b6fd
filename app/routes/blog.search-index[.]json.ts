import { getSearchIndex } from "~/lib/blog.server";

// Written to build/client/blog/search-index.json at build (prerendered), fetched by /blog when a visitor starts to search.
export function loader() {
  return new Response(JSON.stringify(getSearchIndex()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
