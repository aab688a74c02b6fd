import { useEffect } from "react";

// React Router's way to serve a page without its JavaScript (decision 012): a route says `handle = staticPage`,
// and the document leaves out <Scripts /> when every matched route says so. A static page with a small behaviour of its
// own (the login's notice, the demo's calendar) names it as a page script (decision 031).

export interface HydrationHandle {
  /** false: the page is complete as HTML plus the frame's inline script; React never loads on it. */
  hydrate: false;
}

export const staticPage: HydrationHandle = { hydrate: false };

/**
 * A static page's own behaviour: `start` is serialised into an inline script at the end of the page (hashed into the
 * CSP like the frame's), and called by the page's component when a hydrated document renders the page after a
 * client-side navigation. It listens on the document, so it serves either rendering, and starts once per document.
 */
export interface PageScript {
  /** Runs in the browser with `args`; uses nothing from its module's scope. */
  start: (...args: never[]) => void;
  /** JSON values the script is called with. */
  args: readonly unknown[];
  /**
   * Function declarations `start` calls by name, written into the script before it (each must itself use nothing from
   * its module's scope): one implementation of a rule the server and the page both apply.
   */
  helpers?: readonly ((...args: never[]) => unknown)[];
}

export interface PageScriptHandle {
  /**
   * One behaviour, or several (the contact page's form and its chat status); or, where they depend on what the page
   * shows (a campaign page's blocks), a function of the route's loader data (undefined on its error page).
   */
  script: PageScript | readonly PageScript[] | ((loaderData: unknown) => PageScript | readonly PageScript[]);
}

/** The inline script's text: the function called once per document with its arguments. */
export function pageScriptText({ start, args, helpers = [] }: PageScript): string {
  const call = `(${start.toString()})(${args.map((arg) => JSON.stringify(arg)).join(",")});`;
  return helpers.length === 0 ? call : `(()=>{${helpers.map((helper) => helper.toString()).join("\n")}\n${call}})();`;
}

/** The page scripts of the matched routes, in order. */
export function pageScripts(matches: readonly { handle?: unknown; loaderData?: unknown }[]): PageScript[] {
  return matches.flatMap((match) => {
    const script = (match.handle as Partial<PageScriptHandle> | undefined)?.script;
    if (!script) return [];
    return [typeof script === "function" ? script(match.loaderData) : script].flat();
  });
}

const started = new Set<PageScript>();

/** Starts a page script from React: the page was rendered after a client-side navigation, so no inline script ran. */
export function usePageScript(script: PageScript) {
  useEffect(() => {
    if (started.has(script)) return;
    started.add(script);
    script.start(...(script.args as never[]));
  }, [script]);
}

/** False when a matched route opts out; a route without a handle hydrates as before. */
export function hydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as Partial<HydrationHandle> | undefined)?.hydrate === false);
}
