import { redirect } from "react-router";
import { operatorContext } from "~/context";
import { homeOf } from "~/lib/console/roles";
import type { Route } from "./+types/console.home";

// /console itself: each account's first area, the leads or the editor's posts (app/lib/console/roles.ts).
export function loader({ context }: Route.LoaderArgs) {
  return redirect(homeOf(context.get(operatorContext).role));
}
