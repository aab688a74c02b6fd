import { blogOf } from "~/context";
import { fileAway } from "~/lib/database-away";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/blog.search-index[.]json";

// Fetched by /blog when a visitor starts to search; rendered once per change of the posts and kept (decision 023).
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(JSON.stringify((await blogOf(context, fileAway)).getSearchIndex()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
