import { useRouteLoaderData } from "react-router";
import type { InboxSession } from "~/lib/console/types";

// The signed-in operator as every console page reads it: the layout loader's data, under /inbox or /blog-admin.

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
