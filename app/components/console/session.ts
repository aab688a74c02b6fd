import { useRouteLoaderData } from "react-router";
import type { ConsoleSession } from "~/lib/console/types";

// The signed-in operator as every console page reads it: the loader data of its layout, the one for the areas that never
// hydrate or the one for the editors (app/routes.ts), both with the same session, guard and frame.

export const CONSOLE_LAYOUT_ROUTE = "routes/console-layout";
export const CONSOLE_EDITOR_LAYOUT_ROUTE = "routes/console-editor-layout";

export function useConsoleSession(): ConsoleSession {
  const areas = useRouteLoaderData(CONSOLE_LAYOUT_ROUTE) as ConsoleSession | undefined;
  const editors = useRouteLoaderData(CONSOLE_EDITOR_LAYOUT_ROUTE) as ConsoleSession | undefined;
  const session = areas ?? editors;
  if (!session) throw new Error("useConsoleSession outside the console's layouts");
  return session;
}
