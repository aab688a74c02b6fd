import { useId, useState } from "react";
import { Link } from "react-router";
import { ExternalLink } from "~/components/layout/external-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * A sign-in form that never signs in here: signing in happens in the application.
 * The inputs have no `name` and the form no action, so nothing typed can be submitted, even without JavaScript;
 * no handler reads the field values, so they never reach a console, storage or the network.
 */
export function LoginPanel({ signInUrl }: { signInUrl: string }) {
  const [explained, setExplained] = useState(false);
  const id = useId();
  const noticeId = `${id}-notice`;

  return (
    <Card className="mx-auto w-full max-w-md gap-6 p-6 sm:p-8">
      <form
        className="flex flex-col gap-5"
        aria-describedby={noticeId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setExplained(true);
        }}
        onKeyDown={(event) => {
          // With no submit button, Enter never submits; it points to the app's sign-in instead.
          if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
            event.preventDefault();
            setExplained(true);
          }
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input id={`${id}-email`} type="email" required autoComplete="off" placeholder="you@company.com" />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <ExternalLink href={signInUrl} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Forgot password
            </ExternalLink>
          </div>
          <Input id={`${id}-password`} type="password" required autoComplete="off" />
        </div>
        {/* type=button: without JavaScript pressing it cannot submit; with it, it explains where signing in happens. */}
        <Button type="button" size="lg" className="w-full" onClick={() => setExplained(true)}>
          Sign in
        </Button>
      </form>
      <div
        id={noticeId}
        role="status"
        className={
          explained
            ? "flex gap-3 rounded-lg border border-primary/40 bg-secondary p-4 text-sm text-secondary-foreground"
            : "flex gap-3 rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground"
        }
      >
        <Icon name="info" className="mt-0.5 size-4 shrink-0" />
        <p>
          {explained ? "Nothing was sent. " : null}
          Signing in happens in the Replywise app, not on this website. Whatever you type here stays on this page.
        </p>
      </div>
      <Button asChild size="lg" variant={explained ? "default" : "outline"} className="w-full">
        <ExternalLink href={signInUrl}>
          Sign in to the app <Icon name="arrow-right" />
        </ExternalLink>
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        No account yet?{" "}
        <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
          Get started for free
        </Link>
      </p>
    </Card>
  );
}
