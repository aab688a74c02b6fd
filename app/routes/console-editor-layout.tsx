import { Outlet } from "react-router";
import { ConsoleFrame } from "~/components/console/frame";
import type { ConsoleSession } from "~/lib/console/types";
import { requireArea, requireOperator } from "~/middleware.server";
import { consoleSession } from "~/lib/console/frame.server";
import { companyWarningsContext, databaseContext, operatorContext, siteContentContext } from "~/context";
import { newLeadCounts, spamCount } from "~/features/leads/index.server";
import { outboxCounts } from "~/features/outbox/index.server";
import { companyPlaceholderLabels } from "~/features/site-content/index.server";
import { todayFor } from "~/features/today/index.server";
import type { Route } from "./+types/console-editor-layout";

// The blog editor's pages sit under this layout: the console's guard (a session; for posts, the site's own origin and the
// anti-forgery token), then the role must reach the posts. The plain console's layout is never sent to the browser
// (vite.config.ts); this one is, since the editor hydrates.
export const middleware: Route.MiddlewareFunction[] = [requireOperator, requireArea("posts")];

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

export default function ConsoleEditorLayout() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}
