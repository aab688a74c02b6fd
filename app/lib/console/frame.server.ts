import type { RouterContextProvider } from "react-router";
import type { ConsoleSession } from "./types";
import { databaseContext, operatorContext } from "~/context";
import { AREAS, mayReach } from "~/lib/console/roles";
import { newLeadCounts } from "~/features/leads/leads.server";
import { outboxCounts } from "~/features/outbox/outbox.server";
import { spamCount } from "~/features/leads/spam.server";

/** What every operator page's frame shows (the inbox's and the blog editor's layout): who, what they reach, the counts. */
export async function consoleSession(context: Readonly<RouterContextProvider>): Promise<ConsoleSession> {
  const operator = context.get(operatorContext);
  const areas = AREAS.filter((area) => mayReach(operator.role, area));
  const session = {
    email: operator.email,
    role: operator.role,
    areas,
    csrfToken: operator.csrfToken,
    newLeads: 0,
    failedJobs: 0,
    heldSpam: 0,
  };
  // An account that may not see the leads sees no count of them either.
  if (!areas.includes("leads")) return session;
  const { db } = context.get(databaseContext);
  const [newLeads, outbox, heldSpam] = await Promise.all([newLeadCounts(db), outboxCounts(db), spamCount(db)]);
  return { ...session, newLeads: Object.values(newLeads).reduce((sum, rows) => sum + rows, 0), failedJobs: outbox.failed, heldSpam };
}
