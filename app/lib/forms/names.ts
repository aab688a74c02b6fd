// Relative: the route table (app/routes.ts) reads this file where `~/` is not resolved.
import { routerPathOf } from "../route-path";

// Every lead form by name, declared once: the route file and URL (app/routes.ts), the guard, the rate-limit bucket
// stored in Postgres and the messages (./result.ts) all key on it.

export const FORM_NAMES = ["contact", "feature-request", "newsletter", "download", "roadmap-vote"] as const;

export type FormName = (typeof FORM_NAMES)[number];

/** Where a form posts, and where its own page (for visitors without JavaScript) lives. */
export function formPath(name: FormName): `/forms/${FormName}` {
  return `/forms/${name}`;
}

/**
 * The form a request path belongs to: `/forms/contact`, or `/forms/contact.data` for a JavaScript submission, in any
 * spelling the router takes for it (`/FORMS/Contact/`, `/forms/%63ontact`: ~/lib/route-path.ts).
 */
export function formNameOf(pathname: string): FormName | null {
  const match = /^\/forms\/([\w-]+?)(?:\.data)?\/?$/.exec(routerPathOf(pathname));
  const name = match?.[1];
  return FORM_NAMES.find((candidate) => candidate === name) ?? null;
}

/** Forms that allow an address more posts than the others: a visitor may want all nine downloads, with a typo or two. */
export const RATE_LIMIT_FACTOR: Partial<Record<FormName, number>> = { download: 3 };
