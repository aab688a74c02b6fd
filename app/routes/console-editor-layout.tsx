import { Outlet } from "react-router";
import { ConsoleFrame } from "~/components/console/frame";
import type { ConsoleSession } from "~/lib/console/types";
import { requireArea, requireOperator } from "~/lib/console/guard.server";
import { consoleSession } from "~/lib/console/frame.server";
import type { Route } from "./+types/console-editor-layout";

// The blog editor's pages sit under this layout: the inbox's guard (a session; for posts, the site's own origin and the
// anti-forgery token), then the role must reach the posts. The inbox's own layout is never sent to the browser
// (vite.config.ts); this one is, since the editor hydrates.
export const middleware: Route.MiddlewareFunction[] = [requireOperator, requireArea("posts")];

export function loader({ context }: Route.LoaderArgs): Promise<ConsoleSession> {
  return consoleSession(context);
}

export default function ConsoleEditorLayout() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}
