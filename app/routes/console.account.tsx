import { ConsoleHeading } from "~/components/console/frame";
import { Section } from "~/components/console/section";
import { PostForm } from "~/components/console/post-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { operatorAuthContext, operatorContext } from "~/context";
import { formatDateTime, plural } from "~/lib/console/format";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import type { Route } from "./+types/console.account";

export const meta: Route.MetaFunction = () => consoleMeta("Account");

export async function loader({ context }: Route.LoaderArgs) {
  const operator = context.get(operatorContext);
  const sessions = await context.get(operatorAuthContext)!.sessions.list(operator.operatorId);
  return {
    email: operator.email,
    sessions: sessions.map((session) => ({
      current: session.id === operator.sessionId,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
    })),
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { email, sessions } = loaderData;
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
      <Section title={`Signed in on ${plural(sessions.length, "browser")}`} id="sessions">
        <ul className="flex flex-col [&>li+li]:border-t">
          {sessions.map((session, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              {session.current ? <Badge>This browser</Badge> : <Badge variant="outline">Another browser</Badge>}
              <span>
                Signed in <time dateTime={session.createdAt.toISOString()}>{formatDateTime(session.createdAt)}</time>, last active{" "}
                <time dateTime={session.lastSeenAt.toISOString()}>{formatDateTime(session.lastSeenAt)}</time>
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
