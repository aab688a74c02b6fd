// React Router's way to serve a page without its JavaScript (decision 012): a route says `handle = staticPage`,
// and the document leaves out <Scripts /> when every matched route says so.

export interface HydrationHandle {
  /** false: the page is complete as HTML plus the frame's inline script; React never loads on it. */
  hydrate: false;
}

export const staticPage: HydrationHandle = { hydrate: false };

/** False when a matched route opts out; a route without a handle hydrates as before. */
export function hydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as Partial<HydrationHandle> | undefined)?.hydrate === false);
}
