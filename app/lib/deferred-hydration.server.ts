// Every link and form on this site works before React hydrates, so the first paint should not share a slow
// connection with the ~185 KB of hydration scripts. React Router emits a modulepreload link per script and one
// inline module that imports them; this keeps both inert in the HTML and starts them once the first contentful
// frame is painted. See docs/decisions/004-hydrate-after-first-paint.md.

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/g;
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
/** However slow the first paint, hydration waits no longer than this. */
const HYDRATION_WAIT_CAP_MS = 3000;

/**
 * Runs where the parser meets it, right after the inert module; removes itself so hydration never sees it. Started
 * by the first contentful paint, or the next frame where the browser does not report paints, or at once in a
 * background tab (which paints nothing). Serialised into the page, so it uses nothing from this module's scope.
 */
function startHydrationAfterFirstPaint(capMs: number) {
  const self = document.currentScript!;
  const inert = self.previousElementSibling as HTMLScriptElement;
  self.remove();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (inert.dataset.preload ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const live = document.createElement("script");
    live.type = "module";
    live.textContent = inert.textContent;
    inert.replaceWith(live);
  };
  if (document.visibilityState === "hidden") return start();
  setTimeout(start, capMs);
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) start();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}

const STARTER = `(${startHydrationAfterFirstPaint.toString()})(${HYDRATION_WAIT_CAP_MS});`;

/**
 * Rewrites a rendered document so its hydration scripts load after the first paint. Returns the document unchanged
 * when it does not hold exactly one bootstrap module (a page without scripts, or a React Router that renders
 * differently), so a surprise costs speed, never hydration.
 */
export function deferHydration(html: string): string {
  const bootstraps = [...html.matchAll(BOOTSTRAP_MODULE)];
  if (bootstraps.length !== 1) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const body = bootstraps[0]![1];
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(
      BOOTSTRAP_MODULE,
      () => `<script type="${DEFERRED_MODULE_TYPE}" data-preload="${preloads.join(" ")}">${body}</script><script>${STARTER}</script>`,
    );
}
