import { Outlet } from "react-router";
import { InboxFrame } from "~/components/inbox/inbox-frame";
import type { InboxSession } from "~/components/inbox/session";
import { databaseContext, operatorContext } from "~/context";
import { requireOperator } from "~/lib/auth/guard.server";
import { AREAS, mayReach } from "~/lib/auth/roles";
import { newLeadCounts } from "~/lib/inbox/leads.server";
import { outboxCounts } from "~/lib/inbox/outbox.server";
import { spamCount } from "~/lib/inbox/spam.server";
import type { Route } from "./+types/inbox-layout";

// Every operator page and action sits under this layout, so none can forget the guard: no session, sign in; a post
// that is not the inbox's own (origin, anti-forgery token), 403. Nothing below runs before it.
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export async function loader({ context }: Route.LoaderArgs): Promise<InboxSession> {
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

export default function InboxLayout() {
  return (
    <InboxFrame>
      <Outlet />
    </InboxFrame>
  );
}
