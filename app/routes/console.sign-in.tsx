import { data, redirect } from "react-router";
import { homeOf } from "~/lib/console/roles";
import { Notice } from "~/components/console/frame";
import { LogoMark } from "~/components/layout/logo";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { clientAddressContext, databaseContext, operatorAuthContext, siteOriginContext } from "~/context";
import { signIn } from "~/lib/console/auth.server";
import { databaseReady, forbidden, fromOwnPage } from "~/lib/console/guard.server";
import { PASSWORD_MAX_LENGTH } from "~/lib/console/password";
import { LIMITS } from "~/lib/forms/limits";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths, safeNext } from "~/lib/console/paths";
import { staticPage } from "~/lib/hydration";
import type { Route } from "./+types/console.sign-in";

export const meta: Route.MetaFunction = () => consoleMeta("Sign in");

/** Server-rendered like every console page (routes/console-layout.tsx). */
export const handle = staticPage;

const REASONS = {
  expired: "Your session has expired. Please sign in again.",
  "signed-out": "You have signed out.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const auth = context.get(operatorAuthContext);
  if (auth) {
    await databaseReady(context.get(databaseContext));
    if ((await auth.sessions.read(request)).status === "signed-in") throw redirect(safeNext(url.searchParams.get("next")));
  }
  const reason = url.searchParams.get("reason");
  return {
    next: safeNext(url.searchParams.get("next")),
    notice: reason && reason in REASONS ? REASONS[reason as keyof typeof REASONS] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(operatorAuthContext);
  if (!auth) throw new Response("The console is not available here.\n", { status: 503 });
  // A sign-in another site makes a browser send (login forgery) is refused like any forged console post.
  if (!fromOwnPage(request, context.get(siteOriginContext))) forbidden();
  await databaseReady(context.get(databaseContext));

  const form = await request.formData();
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const email = text("email", LIMITS.email).trim();
  const result = await signIn(context.get(databaseContext).db, auth, {
    email,
    password: text("password", PASSWORD_MAX_LENGTH + 1),
    address: context.get(clientAddressContext),
  });
  const headers = { "Cache-Control": "no-store" };
  if (result.status === "signed-in")
    throw redirect(safeNext(text("next", 2000), homeOf(result.role)), {
      status: 303,
      headers: { ...headers, "Set-Cookie": result.setCookie },
    });
  if (result.status === "locked") {
    // Read from the stored failures: the answer comes at once, it does not hold the request for the wait.
    const seconds = result.retryAfterSeconds;
    const [count, unit] = seconds < 60 ? [seconds, "second"] : [Math.ceil(seconds / 60), "minute"];
    const wait = `${count} ${unit}${count === 1 ? "" : "s"}`;
    return data(
      { email, error: `Too many failed sign-ins. Please wait ${wait} and try again.` },
      { status: 429, headers: { ...headers, "Retry-After": String(seconds) } },
    );
  }
  return data({ email, error: "The email address or password is incorrect." }, { status: 401, headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-4 py-12">
      <div className="flex items-center justify-between">
        <p className="flex items-center gap-2 font-bold tracking-tight">
          <LogoMark className="size-7" />
          Replywise console
        </p>
        <ThemeToggle />
      </div>
      <div className="flex flex-col gap-6 rounded-xl border bg-card p-6 shadow-sm">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
          <p className="text-sm text-muted-foreground">For the Replywise team. Accounts are made on the server.</p>
        </div>
        {actionData?.error ? (
          <Notice tone="error">{actionData.error}</Notice>
        ) : loaderData.notice ? (
          <Notice>{loaderData.notice}</Notice>
        ) : null}
        <form method="post" action={consolePaths.signIn} className="flex flex-col gap-4">
          <input type="hidden" name="next" value={loaderData.next} />
          <Field id="sign-in-email" label="Email address">
            <Input
              id="sign-in-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={LIMITS.email}
              defaultValue={actionData?.email ?? ""}
              aria-invalid={actionData?.error ? true : undefined}
            />
          </Field>
          <Field id="sign-in-password" label="Password">
            <Input
              id="sign-in-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              aria-invalid={actionData?.error ? true : undefined}
            />
          </Field>
          <Button type="submit" className="w-full">
            Sign in
          </Button>
        </form>
      </div>
    </main>
  );
}
