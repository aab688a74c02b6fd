import { Outlet } from "react-router";
import { InboxFrame } from "~/components/console/frame";
import type { InboxSession } from "~/lib/console/types";
import { requireArea, requireOperator } from "~/lib/console/guard.server";
import { inboxSession } from "~/lib/console/frame.server";
import type { Route } from "./+types/blog-admin-layout";

// The blog editor's pages sit under this layout: the inbox's guard (a session; for posts, the site's own origin and the
// anti-forgery token), then the role must reach the posts. The inbox's own layout is never sent to the browser
// (vite.config.ts); this one is, since the editor hydrates.
export const middleware: Route.MiddlewareFunction[] = [requireOperator, requireArea("posts")];

export function loader({ context }: Route.LoaderArgs): Promise<InboxSession> {
  return inboxSession(context);
}

export default function BlogAdminLayout() {
  return (
    <InboxFrame>
      <Outlet />
    </InboxFrame>
  );
}
