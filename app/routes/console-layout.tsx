import { Outlet } from "react-router";
import { ConsoleFrame } from "~/components/console/frame";
import { consoleFrameLoader } from "~/console-frame.server";
import { requireOperator } from "~/middleware.server";
import { staticPage } from "~/lib/hydration";
import type { Route } from "./+types/console-layout";

// Every operator page and action sits under this layout, so none can forget the guard: no session, sign in; a post
// that is not the console's own (origin, anti-forgery token), 403. Nothing below runs before it.
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

// The console's pages are plain HTML and forms, rendered by the server for each request: they never hydrate (so no public
// page carries a byte of them). The sign-in page, the layout's sibling, says the same.
export const handle = staticPage;

export const loader = consoleFrameLoader;

export default function ConsoleLayout() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}
