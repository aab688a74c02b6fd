import { PageHeader } from "~/components/layout/page-header";
import { LoginPanel } from "~/components/sections/login-panel";
import { site } from "~/content/site";
import { countedNavigation } from "~/features/analytics";
import { staticPage, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { cachedPage } from "~/lib/page-cache";
import { loginPanelScript } from "~/lib/page-scripts/login-panel";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Login",
    description: `Sign in to ${site.name}: signing in happens in the ${site.name} app.`,
    path: "/login",
    noindex: true,
  });

// Nothing to hydrate: the panel's one behaviour is a page script (decision 031). Cached per change of the content (its
// footer, decision 043).
export const handle: HydrationHandle & PageScriptHandle = { ...staticPage, ...cachedPage, script: loginPanelScript };

export const loader = countedNavigation;

export default function LoginPage() {
  return (
    <>
      <PageHeader
        title="Sign in to Replywise"
        description="Welcome back. Your inbox managers, replies and analytics live in the Replywise app."
      />
      <section aria-label="Sign in" className="py-14 sm:py-20">
        <div className="px-4">
          <LoginPanel signInUrl={site.appSignInUrl} />
        </div>
      </section>
    </>
  );
}
