import { useRouteLoaderData } from "react-router";
import type { Area, Role } from "~/lib/auth/roles";

/** What the inbox layout's loader (routes/inbox-layout.tsx) gives every operator page. */
export interface InboxSession {
  email: string;
  role: Role;
  /** What the role reaches (app/lib/auth/roles.ts): the menu shows these and nothing else. */
  areas: Area[];
  /** The session's anti-forgery token, for every state-changing form. */
  csrfToken: string;
  newLeads: number;
  failedJobs: number;
  /** Posts held as spam, waiting for someone to look. */
  heldSpam: number;
}

export const INBOX_LAYOUT_ROUTE = "routes/inbox-layout";

export function useInboxSession(): InboxSession {
  const session = useRouteLoaderData(INBOX_LAYOUT_ROUTE) as InboxSession | undefined;
  if (!session) throw new Error("useInboxSession outside the inbox layout");
  return session;
}
