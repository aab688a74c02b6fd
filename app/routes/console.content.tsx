import { Link } from "react-router";
import { databaseContext } from "~/context";
import { ConsoleHeading } from "~/components/console/frame";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { collectionOf, COLLECTION_NAMES } from "~/features/site-content";
import { findContent } from "~/features/site-content/index.server";
import type { Route } from "./+types/console.content";

// The site's structured content, one line per collection with its state: where an editor starts (docs/decisions/035).

export const meta: Route.MetaFunction = () => consoleMeta("Site content");

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext).db;
  const rows = await Promise.all(COLLECTION_NAMES.map((name) => findContent(db, name)));
  return {
    collections: COLLECTION_NAMES.map((name, index) => ({
      name,
      title: collectionOf(name).title,
      description: collectionOf(name).description,
      draft: rows[index]?.draft != null,
      publishAt: rows[index]?.publishAt?.toISOString() ?? null,
      publishedAt: rows[index]?.publishedAt.toISOString() ?? null,
    })),
  };
}

export default function SiteContentList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ConsoleHeading title="Site content" />
      <ul className="flex flex-col gap-4">
        {/* The pages built from these sections for a campaign (decision 047): here, not in the navigation, which fits one row. */}
        <li className="flex flex-col gap-1 rounded-xl border bg-card p-4 sm:p-6">
          <Link to={consolePaths.pages} reloadDocument className="text-lg font-semibold text-primary underline-offset-4 hover:underline">
            Campaign pages
          </Link>
          <p className="text-sm text-muted-foreground">
            Pages for a campaign, built from the site's own sections, live at their own address without a release; their experiments.
          </p>
        </li>
        {loaderData.collections.map((collection) => (
          <li key={collection.name} className="flex flex-col gap-1 rounded-xl border bg-card p-4 sm:p-6">
            <Link
              to={consolePaths.collection(collection.name)}
              reloadDocument
              className="text-lg font-semibold text-primary underline-offset-4 hover:underline"
            >
              {collection.title}
            </Link>
            <p className="text-sm text-muted-foreground">{collection.description}</p>
            <p className="text-sm">
              {collection.publishedAt ? `Published ${collection.publishedAt.slice(0, 16).replace("T", " ")} UTC` : "Not imported yet"}
              {collection.draft ? " · unpublished draft" : ""}
              {collection.publishAt ? ` · scheduled for ${collection.publishAt.slice(0, 16).replace("T", " ")} UTC` : ""}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
