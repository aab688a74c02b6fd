import type { RouterContextProvider } from "react-router";
import { operatorContext } from "~/context";
import type { SignedInOperator } from "~/lib/auth/session.server";
import { forbidden } from "~/lib/auth/guard.server";

// Who may read the reports: the one place to change when accounts get roles (issue 20: `admin` and `sales` see every
// report, `editor` the site's traffic without the lead tables). Until then every signed-in operator sees everything;
// the inbox's guard has already refused anyone without a session or with a forged post.

export interface ReportAccess {
  /** The traffic and goal reports. */
  reports: boolean;
  /** The tables about leads (the funnel, leads by stage). */
  leads: boolean;
}

export function reportAccessOf(_operator: SignedInOperator): ReportAccess {
  return { reports: true, leads: true };
}

/** The operator's access to the reports, or a 403 when they have none. */
export function requireReportAccess(context: Readonly<RouterContextProvider>): ReportAccess {
  const access = reportAccessOf(context.get(operatorContext));
  if (!access.reports) forbidden("This account cannot see the reports.");
  return access;
}
