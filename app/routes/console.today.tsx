import { ConsoleHeading } from "~/components/console/frame";
import { buttonVariants } from "~/components/ui/button";
import { databaseContext, operatorContext } from "~/context";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { requireArea } from "~/middleware.server";
import { leadOwners } from "~/features/leads/index.server";
import { teamRoadmapItems } from "~/features/roadmap-votes/index.server";
import { TodayList } from "~/features/today";
import { todayFor } from "~/features/today/index.server";
import type { Route } from "./+types/console.today";

// Today (decision 044): a sales or admin account's first screen. Follow-ups overdue, then due today, then new hand-raisers,
// the operator's own first, in the operator's time zone.

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = () => consoleMeta("Today");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const operator = context.get(operatorContext);
  const timeZone = operator.timeZone;
  const now = new Date();
  const [items, owners] = await Promise.all([teamRoadmapItems(db), leadOwners(db)]);
  const names = new Map(items.map((item) => [item.id, item.name]));
  const view = await todayFor(db, {
    viewerId: operator.operatorId,
    now,
    timeZone,
    itemName: (id) => names.get(id) ?? id,
  });
  return { ...view, now: now.toISOString(), timeZone, owners };
}

export default function Today({ loaderData }: Route.ComponentProps) {
  const { lines, today, now, timeZone, owners } = loaderData;
  const day = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone }).format(new Date(now));
  return (
    <>
      <ConsoleHeading
        title="Today"
        description={`${day}${timeZone === "UTC" ? " (UTC)" : ""}: follow-ups overdue, then due today, then people who asked for something. Yours first.`}
      >
        <a href={consolePaths.board} className={buttonVariants({ variant: "outline" })}>
          Board
        </a>
      </ConsoleHeading>
      <TodayList
        lines={lines.map((line) => ({ ...line, at: new Date(line.at) }))}
        today={today}
        owners={new Map(owners.map((owner) => [owner.id, owner.email]))}
      />
    </>
  );
}
