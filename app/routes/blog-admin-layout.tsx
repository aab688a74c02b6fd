import { Outlet } from "react-router";
import { InboxFrame } from "~/components/inbox/inbox-frame";

// The editor's frame: the inbox layout's guard and session (app/routes/inbox-layout.tsx), in a module of its own. The
// editor hydrates, and the browser build leaves every app/routes/inbox*.tsx module an empty stub (vite.config.ts), which
// under the editor rendered nothing below the frame: a blank page once React took over.
export { loader, middleware } from "./inbox-layout";

export default function BlogAdminLayout() {
  return (
    <InboxFrame>
      <Outlet />
    </InboxFrame>
  );
}
