import { Outlet } from "react-router";
import { ConsoleFrame } from "~/components/console/frame";
import { consoleFrameLoader } from "~/console-frame.server";
import { requireArea, requireOperator } from "~/middleware.server";
import type { Route } from "./+types/console-editor-layout";

// The blog editor's pages sit under this layout: the console's guard (a session; for posts, the site's own origin and the
// anti-forgery token), then the role must reach the posts. The plain console's layout is never sent to the browser
// (vite.config.ts); this one is, since the editor hydrates.
export const middleware: Route.MiddlewareFunction[] = [requireOperator, requireArea("posts")];

export const loader = consoleFrameLoader;

export default function ConsoleEditorLayout() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}
