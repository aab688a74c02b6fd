import { useEffect } from "react";
import type * as React from "react";
import { Links, Meta, Outlet, Scripts, useMatches } from "react-router";
import { SiteFrame } from "~/components/layout/site-frame";
import { RouteError } from "~/components/sections/route-error";
import { RETRY_AFTER_SECONDS } from "~/lib/database-away";
import { frameScript } from "~/lib/frame-script";
import { hydrates, pageScripts, pageScriptText } from "~/lib/hydration";
import { themeScript } from "~/lib/theme";
import type { Route } from "./+types/root";
import interCore from "~/styles/fonts/inter-core.woff2?url";
import "./styles/fonts.css";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interCore, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * React Router answers a POST to a page without an action with 405; say which methods the page takes. A 503 (the
 * database is away: app/lib/database-away.ts) says when to try again, and no cache keeps it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", "GET, HEAD");
    if (response.status === 503) {
      if (!response.headers.has("Retry-After")) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    }
    return response;
  },
];

/**
 * A script the server writes into the document and the browser runs as the HTML arrives. Hydration keeps the element
 * as it is, so callers pass `import.meta.env.SSR ? code : ""` and the client bundle carries no copy of the text.
 */
function InlineScript({ code }: { code: string }) {
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}

/**
 * The configuration the server started with (SITE_URL and the rest), set for the browser's modules before they run:
 * app/content/site.ts reads it as it loads, so no bundle carries an address (docs/decisions/042). `<` is escaped, so
 * no value can close the script.
 */
const publicConfigScript = () => `globalThis.__PUBLIC_CONFIG__=${JSON.stringify(__PUBLIC_CONFIG__).replace(/</g, "\\u003c")};`;

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const hydrate = hydrates(matches);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {/* Before any stylesheet or app script: applies the stored or system theme so there is no wrong-theme frame. */}
        <InlineScript code={import.meta.env.SSR ? themeScript : ""} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <InlineScript code={import.meta.env.SSR ? frameScript() : ""} />
        {pageScripts(matches).map((script, index) => (
          <InlineScript key={index} code={import.meta.env.SSR ? pageScriptText(script) : ""} />
        ))}
        {hydrate ? <InlineScript code={import.meta.env.SSR ? publicConfigScript() : ""} /> : null}
        {hydrate ? <Scripts /> : null}
      </body>
    </html>
  );
}

/** Marks the moment React owns the page: it hydrates after the first paint (decision 004), and browser tests wait for it. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export default function App() {
  useHydratedMark();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMark();
  return (
    <SiteFrame>
      <RouteError error={error} />
    </SiteFrame>
  );
}
