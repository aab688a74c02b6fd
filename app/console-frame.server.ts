import type { RouterContextProvider } from "react-router";
import { companyWarningsContext, databaseContext, operatorContext, siteContentContext } from "~/context";
import { newLeadCounts, spamCount } from "~/features/leads/index.server";
import { outboxCounts } from "~/features/outbox/index.server";
import { companyPlaceholderLabels } from "~/features/site-content/index.server";
import { todayFor } from "~/features/today/index.server";
import { consoleSession } from "~/lib/console/frame.server";
import type { ConsoleSession } from "~/lib/console/types";

/**
 * What every console screen's frame shows, for both console layouts (the plain one and the editors'): the sections'
 * counts and, in production, the company's details still placeholders (decision 043). Here, beside the other
 * compositions of features (forms.server.ts), since lib/ names no feature (decision 039).
 */
export async function consoleFrameLoader({ context }: { context: Readonly<RouterContextProvider> }): Promise<ConsoleSession> {
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
    context.get(companyWarningsContext) ? companyPlaceholderLabels(context.get(siteContentContext)) : [],
  ]);
  return { ...session, companyPlaceholders };
}
