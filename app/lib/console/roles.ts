// What each account may reach (decision 014): the one table every guard, menu and command reads.
//   admin   leads, posts, the newsletter, the redirects, the reports, the audit log and the outbox
//   sales   the leads (and the outbox, whose jobs carry them) and the reports
//   editor  the posts, the redirects and the newsletter's issues (counts, never a subscriber's address), and the reports without what
//           they say about leads: never a lead, an address or a lead count

export const ROLES = ["admin", "editor", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const AREAS = ["leads", "posts", "newsletter", "redirects", "reports", "audit"] as const;
export type Area = (typeof AREAS)[number];

const REACH: Record<Role, readonly Area[]> = {
  admin: ["leads", "posts", "newsletter", "redirects", "reports", "audit"],
  sales: ["leads", "reports"],
  editor: ["posts", "newsletter", "redirects", "reports"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function mayReach(role: Role, area: Area): boolean {
  return REACH[role].includes(area);
}

/** Where an account lands after signing in when it asked for no page of its own: Today (decision 044), or the editor's posts. */
export function homeOf(role: Role): string {
  if (mayReach(role, "leads")) return "/console/today";
  return mayReach(role, "posts") ? "/console/posts" : "/console/account";
}
