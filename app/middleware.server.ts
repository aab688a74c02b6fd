import type { RouterContextProvider } from "react-router";
import {
  analyticsContext,
  clientAddressContext,
  databaseContext,
  operatorAuthContext,
  operatorContext,
  siteOriginContext,
} from "~/context";
import { checkArea, checkOperator } from "~/lib/console/guard.server";
import type { Area } from "~/lib/console/roles";

// The console's router middleware: it reads the request's services from the context and hands them to the console's
// checks (app/lib/console/guard.server.ts), which know no router context (decision 039).

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The console layouts' guard: a signed-in session (and, for a post, the site's own page and the token), or no further. */
export async function requireOperator({ request, context }: Args, next: () => Promise<Response>): Promise<Response> {
  const analytics = context.get(analyticsContext);
  const operator = await checkOperator(request, {
    auth: context.get(operatorAuthContext),
    database: context.get(databaseContext),
    siteOrigin: context.get(siteOriginContext),
    ...(analytics ? { excludeOperator: (userAgent) => analytics.excludeOperator(context.get(clientAddressContext), userAgent) } : {}),
  });
  context.set(operatorContext, operator);
  return next();
}

/** A route's own check, after the layout's: the account's role reaches `area`, or 403 (or its home, with `elseHome`). */
export function requireArea(area: Area, options: { elseHome?: boolean } = {}) {
  return async ({ request, context }: Args, next: () => Promise<Response>): Promise<Response> => {
    checkArea(request, context.get(operatorContext).role, area, options);
    return next();
  };
}
