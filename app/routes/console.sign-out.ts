import { redirect } from "react-router";
import { databaseContext, operatorAuthContext, operatorContext } from "~/context";
import { recordAudit } from "~/lib/console/audit.server";
import { signInPath } from "~/lib/console/paths";
import type { Route } from "./+types/console.sign-out";

/** Ends this session, or every session of the account (`scope=everywhere`), and forgets the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext);
  const { sessions } = context.get(operatorAuthContext)!;
  const everywhere = (await request.formData()).get("scope") === "everywhere";
  if (everywhere) await sessions.endAll(operator.operatorId);
  const clearCookie = await sessions.end(request);
  await recordAudit(context.get(databaseContext).db, operator.email, everywhere ? "sign-out-everywhere" : "sign-out");
  throw redirect(signInPath({ reason: "signed-out" }), {
    status: 303,
    headers: { "Set-Cookie": clearCookie, "Cache-Control": "no-store" },
  });
}
