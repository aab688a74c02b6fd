import { useId } from "react";
import { Link } from "react-router";
import { ExternalLink } from "~/components/layout/external-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { usePageScript } from "~/lib/hydration";
import { loginPanelScript } from "~/lib/page-scripts/login-panel";
import { cn } from "~/lib/utils";

/**
 * A sign-in form that never signs in here: signing in happens in the application.
 * The inputs have no `name` and the form no action, so nothing typed can be submitted, even without JavaScript;
 * the page script (lib/page-scripts/login-panel.ts) never reads the field values. Once Sign in is pressed, the panel
 * carries `data-explained` and restyles the notice and the link to the app.
 */
export function LoginPanel({ signInUrl }: { signInUrl: string }) {
  usePageScript(loginPanelScript);
  const id = useId();
  const noticeId = `${id}-notice`;

  return (
    <Card data-login-panel="" className="group mx-auto w-full max-w-md gap-6 p-6 sm:p-8">
      <form className="flex flex-col gap-5" aria-describedby={noticeId} noValidate>
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
        {/* type=button: pressing it cannot submit; the page script explains where signing in happens. */}
        <Button type="button" size="lg" className="w-full" data-login-explain="">
          Sign in
        </Button>
      </form>
      <div
        id={noticeId}
        role="status"
        className="flex gap-3 rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground group-data-explained:border group-data-explained:border-primary/40 group-data-explained:bg-secondary group-data-explained:text-secondary-foreground"
      >
        <Icon name="info" className="mt-0.5 size-4 shrink-0" />
        <p>
          <span data-login-sent="" />
          Signing in happens in the Replywise app, not on this website. Whatever you type here stays on this page.
        </p>
      </div>
      <ExternalLink
        href={signInUrl}
        className={cn(
          buttonVariants({ variant: "outline", size: "lg" }),
          "w-full group-data-explained:border-transparent group-data-explained:bg-primary group-data-explained:text-primary-foreground group-data-explained:shadow-sm group-data-explained:hover:bg-primary/90 group-data-explained:hover:text-primary-foreground",
        )}
      >
        Sign in to the app <Icon name="arrow-right" />
      </ExternalLink>
      <p className="text-center text-sm text-muted-foreground">
        No account yet?{" "}
        <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
          Get started for free
        </Link>
      </p>
    </Card>
  );
}
