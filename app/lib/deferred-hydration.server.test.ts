import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp.server";
import { deferHydration, DEFERRED_MODULE_TYPE } from "./deferred-hydration.server";

const bootstrap = `;
import * as route0 from "/assets/root-abc.js";
window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-def.js");`;

// The shape React Router 7 renders: preloads hoisted into the head, the context script, then the bootstrap module.
const page = [
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>`,
  `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-def.js"/><link rel="modulepreload" href="/assets/root-abc.js"/>`,
  `</head><body><main>Hello</main>`,
  `<script>window.__reactRouterContext = {};</script>`,
  `<script type="module" async="">${bootstrap}</script>`,
  `</body></html>`,
].join("");

const inlineScripts = (html: string) => [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)].map((m) => m[0]);

describe("deferHydration", () => {
  const deferred = deferHydration(page);

  it("leaves no script for the browser to fetch before the page paints", () => {
    expect(deferred).not.toContain(`rel="modulepreload"`);
    expect(deferred).not.toContain(`type="module"`);
  });

  it("keeps the bootstrap untouched and the preloads in their order, for after the paint", () => {
    expect(deferred).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/entry.client-def.js /assets/root-abc.js">${bootstrap}</script>`,
    );
  });

  it("follows the inert module with a starter that is valid JavaScript on its own", () => {
    const scripts = inlineScripts(deferred);
    const inertIndex = scripts.findIndex((script) => script.includes(DEFERRED_MODULE_TYPE));
    const starter = scripts[inertIndex + 1]!.replace(/^<script>|<\/script>$/g, "");
    expect(starter).toContain("first-contentful-paint");
    expect(() => new Function(starter)).not.toThrow();
    // Nothing a bundler's helpers would have to provide in the browser.
    expect(starter).not.toMatch(/__name|__vite|require\(/);
  });

  it("lets the page's policy run the bootstrap once it is live again", () => {
    const hash = createHash("sha256").update(bootstrap, "utf8").digest("base64");
    expect(contentSecurityPolicy(deferred)).toContain(`'sha256-${hash}'`);
  });

  it("changes nothing when there is not exactly one bootstrap module", () => {
    const withoutScripts = "<html><head></head><body><p>Plain</p></body></html>";
    expect(deferHydration(withoutScripts)).toBe(withoutScripts);
    const twice = page.replace("</body>", `<script type="module" async="">${bootstrap}</script></body>`);
    expect(deferHydration(twice)).toBe(twice);
  });
});
