import { ConsoleHeading } from "~/components/console/frame";
import { RecordList } from "~/components/console/record-list";
import { Badge } from "~/components/ui/badge";
import { roadmapStatusLabels } from "~/content/roadmap";
import { databaseContext } from "~/context";
import { plural } from "~/lib/console/format";
import { requireArea } from "~/middleware.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { roadmapOverview } from "~/features/roadmap-votes/index.server";
import type { Route } from "./+types/console.roadmap";

// The roadmap as the team works it (decision 036): each item with how many want it and the requests linked to it. A sales
// or admin account opens an item to see who, ranked by their leads' stage, and to merge a duplicate.

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = () => consoleMeta("Roadmap");

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await roadmapOverview(context.get(databaseContext).db) };
}

export default function Roadmap({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Roadmap"
        description="Who wants each item: confirmed votes and the feature requests linked to it, each address once. Link a request from its lead page; an editor words and publishes the items."
      />
      <RecordList label="Roadmap items" empty="The roadmap has no items yet.">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 p-4 sm:grid sm:grid-cols-12 sm:items-center sm:gap-4">
            <div className="flex flex-col gap-1 sm:col-span-7">
              <a href={consolePaths.roadmapItem(item.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                {item.name}
              </a>
              <span className="text-xs text-muted-foreground">
                #{item.id}
                {item.published ? "" : " · only in the draft, not on /roadmap yet"}
                {item.mergedInto ? ` · merged into #${item.mergedInto}` : ""}
                {item.mergedFrom.length > 0 ? ` · carries ${item.mergedFrom.map((id) => `#${id}`).join(", ")}` : ""}
              </span>
            </div>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Badge variant={item.status === "completed" ? "default" : "outline"}>{roadmapStatusLabels[item.status]}</Badge>
            </div>
            <div className="text-sm text-muted-foreground sm:col-span-3 sm:text-right">
              {plural(item.wanted, "person", "people")} want it · {plural(item.requests, "request")}
            </div>
          </li>
        ))}
      </RecordList>
    </>
  );
}
