// With its extension: vite.config.ts loads this file (decision 042), as env.server.ts its own imports.
import { readEnv, type Env } from "./env.server.ts";

// One build runs at any address (product decision 23, docs/decisions/042): the build prerenders its pages and files with
// stand-in origins for SITE_URL and APP_URL, and the server writes the ones it was started with in their place as it
// loads the build. `.invalid` is reserved (RFC 2606): no address anyone configures is one of them.

export const BUILD_ORIGINS = {
  SITE_URL: "https://site-url.replywise.invalid",
  APP_URL: "https://app-url.replywise.invalid",
} as const satisfies Partial<Record<keyof Env, string>>;

/** What every stand-in origin's host ends with: a built file holding it anywhere else than in its known forms is wrong. */
export const BUILD_ORIGIN_HOST = "replywise.invalid";

type RewrittenName = keyof typeof BUILD_ORIGINS;
const REWRITTEN = Object.keys(BUILD_ORIGINS) as RewrittenName[];

/** The environment the prerender renders with: the build's, with the stand-in origins. */
export function prerenderEnv(source: Record<string, string | undefined> = process.env): Env {
  return readEnv({ ...source, ...BUILD_ORIGINS });
}

/**
 * The forms an origin takes in a built file: as written (HTML, JSON, XML and the route data leave an address's
 * characters alone) and URL-encoded inside another address (a share link's `?url=`).
 */
const formsOf = (origin: string) => [origin, encodeURIComponent(origin)];

/** Characters a document, a JSON string or a feed would escape: an address with one would not read the same in each. */
const ESCAPED = /[\s"'&<>\\]/;

/** The text with its stand-in origins replaced by `env`'s, or undefined when it holds none (most files). */
export type OriginRewrite = (text: string) => string | undefined;

export function originRewrite(env: Pick<Env, RewrittenName>): OriginRewrite {
  const replacements = new Map<string, string>();
  for (const name of REWRITTEN) {
    if (ESCAPED.test(env[name])) throw new Error(`${name} may not hold spaces, quotes, &, <, > or \\: ${env[name]}`);
    const actual = formsOf(env[name]);
    formsOf(BUILD_ORIGINS[name]).forEach((standIn, index) => replacements.set(standIn, actual[index]!));
  }
  const pattern = new RegExp([...replacements.keys()].map((standIn) => standIn.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  return (text) => (text.includes(BUILD_ORIGIN_HOST) ? text.replace(pattern, (standIn) => replacements.get(standIn)!) : undefined);
}

/** How often a built file names a stand-in host outside the forms the server rewrites (the build check wants none). */
export function strayBuildOrigins(text: string): number {
  let rest = text;
  for (const name of REWRITTEN) for (const form of formsOf(BUILD_ORIGINS[name])) rest = rest.replaceAll(form, "");
  return rest.split(BUILD_ORIGIN_HOST).length - 1;
}
