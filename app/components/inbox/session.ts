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
/** The same layout module under /blog-admin: the editor's pages get the same session, guard and frame. */
export const BLOG_ADMIN_LAYOUT_ROUTE = "routes/blog-admin-layout";

export function useInboxSession(): InboxSession {
  const inbox = useRouteLoaderData(INBOX_LAYOUT_ROUTE) as InboxSession | undefined;
  const editor = useRouteLoaderData(BLOG_ADMIN_LAYOUT_ROUTE) as InboxSession | undefined;
  const session = inbox ?? editor;
  if (!session) throw new Error("useInboxSession outside the inbox layout");
  return session;
}
