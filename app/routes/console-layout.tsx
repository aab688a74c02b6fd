import { Outlet } from "react-router";
import { ConsoleFrame } from "~/components/console/frame";
import type { ConsoleSession } from "~/lib/console/types";
import { requireOperator } from "~/middleware.server";
import { consoleSession } from "~/lib/console/frame.server";
import { companyWarningsContext, databaseContext, operatorContext, siteContentContext } from "~/context";
import { newLeadCounts, spamCount } from "~/features/leads/index.server";
import { outboxCounts } from "~/features/outbox/index.server";
import { companyPlaceholderLabels } from "~/features/site-content/index.server";
import { todayFor } from "~/features/today/index.server";
import { staticPage } from "~/lib/hydration";
import type { Route } from "./+types/console-layout";

// Every operator page and action sits under this layout, so none can forget the guard: no session, sign in; a post
// that is not the console's own (origin, anti-forgery token), 403. Nothing below runs before it.
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

// The console's pages are plain HTML and forms, rendered by the server for each request: they never hydrate (so no public
// page carries a byte of them). The sign-in page, the layout's sibling, says the same.
export const handle = staticPage;

export async function loader({ context }: Route.LoaderArgs): Promise<ConsoleSession> {
  const { db } = context.get(databaseContext);
  const operator = context.get(operatorContext);
  const [session, companyPlaceholders] = await Promise.all([
    consoleSession(operator, async () => {
      const [newLeads, outbox, heldSpam, today] = await Promise.all([
        newLeadCounts(db),
        outboxCounts(db),
        spamCount(db),
        todayFor(db, { viewerId: operator.operatorId, timeZone: operator.timeZone }),
      ]);
      return {
        newLeads: Object.values(newLeads).reduce((sum, rows) => sum + rows, 0),
        today: today.lines.length,
        failedJobs: outbox.failed,
        heldSpam,
      };
    }),
    // In production, every screen names the company's details still placeholders until they are published (decision 043).
    context.get(companyWarningsContext) ? companyPlaceholderLabels(context.get(siteContentContext)) : [],
  ]);
  return { ...session, companyPlaceholders };
}

export default function ConsoleLayout() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}
