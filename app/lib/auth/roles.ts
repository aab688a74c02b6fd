// What each account may reach (issue 20): the one table every guard, menu and command reads.
//   admin   leads, posts, the audit log and the outbox
//   sales   the leads (and the outbox, whose jobs carry them)
//   editor  the posts only: never a lead, an address or a lead count

export const ROLES = ["admin", "editor", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const AREAS = ["leads", "posts", "audit"] as const;
export type Area = (typeof AREAS)[number];

const REACH: Record<Role, readonly Area[]> = {
  admin: ["leads", "posts", "audit"],
  sales: ["leads"],
  editor: ["posts"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function mayReach(role: Role, area: Area): boolean {
  return REACH[role].includes(area);
}

/** Where an account lands after signing in when it asked for no page of its own: the leads, or its account page. */
export function homeOf(role: Role): string {
  return mayReach(role, "leads") ? "/inbox" : "/inbox/account";
}
