import { mayReach, type Role } from "~/lib/console/roles";

// Who sees what of the reports (app/lib/console/roles.ts): every role reaches them (each route's requireArea("reports")),
// and only a role that reaches the leads sees the tables about leads (the funnel, leads by stage, the lead count).

/** Whether the signed-in account may see what the reports say about leads. */
export const seesLeads = (operator: { role: Role }) => mayReach(operator.role, "leads");
