import { data, redirect } from "react-router";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { ConsoleTime } from "~/components/console/time";
import { Section } from "~/components/console/section";
import { PostForm } from "~/components/console/post-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { databaseContext, operatorAuthContext, operatorContext } from "~/context";
import { isTimeZone, plural, timeZones } from "~/lib/console/format";
import { setTimeZone } from "~/lib/console/operators.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import type { Route } from "./+types/console.account";

export const meta: Route.MetaFunction = () => consoleMeta("Account");

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = context.get(operatorContext);
  const sessions = await context.get(operatorAuthContext)!.sessions.list(operator.operatorId);
  return {
    email: operator.email,
    timeZone: operator.timeZone,
    saved: new URL(request.url).searchParams.get("saved") === "time-zone",
    sessions: sessions.map((session) => ({
      current: session.id === operator.sessionId,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
    })),
  };
}

/** Sets the zone the console writes this operator's times in (decision 045); an unknown zone is refused, the old one kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const zone = form.get("time-zone");
  if (form.get("intent") !== "time-zone") return data({ error: "This form does not do that." }, { status: 400 });
  if (!isTimeZone(zone)) {
    return data({ error: "Choose a time zone from the list: that one is not known, so your times stay as they were." }, { status: 400 });
  }
  await setTimeZone(context.get(databaseContext).db, context.get(operatorContext).operatorId, zone);
  throw redirect(`${consolePaths.account}?saved=time-zone`, 303);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, sessions, timeZone, saved } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Account"
        description={
          <>
            Signed in as {email}. Passwords are changed on the server:{" "}
            <code className="font-mono text-xs">npm run operator -- password {email}</code>
          </>
        }
      />
      {saved ? <Notice>Times in the console are now written in {timeZone}.</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Section title="Time zone" id="time-zone">
        <PostForm className="flex flex-col gap-3 sm:max-w-md">
          <input type="hidden" name="intent" value="time-zone" />
          <Label htmlFor="account-time-zone">Your time zone</Label>
          <NativeSelect id="account-time-zone" name="time-zone" defaultValue={timeZone} aria-describedby="account-time-zone-hint">
            {timeZones().map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </NativeSelect>
          <p id="account-time-zone-hint" className="text-sm text-muted-foreground">
            Every time in the console is written in this zone and relative to now (“12 min ago”, “yesterday 16:05”); point at a time for the
            full date. Only you see it this way. The CSV exports stay in UTC.
          </p>
          <Button type="submit" variant="outline" className="self-start">
            Save time zone
          </Button>
        </PostForm>
      </Section>
      <Section title={`Signed in on ${plural(sessions.length, "browser")}`} id="sessions">
        <ul className="flex flex-col [&>li+li]:border-t">
          {sessions.map((session, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              {session.current ? <Badge>This browser</Badge> : <Badge variant="outline">Another browser</Badge>}
              <span>
                Signed in <ConsoleTime value={session.createdAt} />, last active <ConsoleTime value={session.lastSeenAt} />
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <PostForm action={consolePaths.signOut}>
            <Button type="submit" variant="outline">
              Sign out
            </Button>
          </PostForm>
          <PostForm action={consolePaths.signOut}>
            <input type="hidden" name="scope" value="everywhere" />
            <Button type="submit" variant="destructive">
              Sign out everywhere
            </Button>
          </PostForm>
        </div>
      </Section>
    </>
  );
}
