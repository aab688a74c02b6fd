// What a campaign page is (docs/decisions/047): its address, its search and share fields, and its blocks in order.
// The blocks' own fields are declared once in ./blocks; this is the page around them, checked at save (shape) and at
// publish (./rules.ts: the copy rules and the lengths search engines show).
import { z } from "~/lib/forms/zod";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/lib/seo-limits";
import { BLOCK_TYPES, type Block } from "./blocks";

/** At most this many blocks on a page: a campaign page is one argument, not a site. */
export const MAX_BLOCKS = 16;

export const PAGE_LIMITS = {
  path: 80,
  title: SEO_TITLE_MAX,
  description: SEO_DESCRIPTION_MAX,
  shareImage: 200,
  shareImageAlt: 160,
} as const;

const BlockSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  type: z.enum(BLOCK_TYPES),
  fields: z.record(z.string(), z.string().max(20_000)),
});

export const CampaignPageSchema = z
  .object({
    title: z.string().max(PAGE_LIMITS.title),
    description: z.string().max(PAGE_LIMITS.description),
    /** A picture of this site's (its path under /images/), shown when the page is shared; empty for the site's default. */
    shareImage: z.string().max(PAGE_LIMITS.shareImage),
    shareImageAlt: z.string().max(PAGE_LIMITS.shareImageAlt),
    /** Kept out of search engines and the sitemap: a page for paid traffic only. */
    noindex: z.boolean(),
    blocks: z.array(BlockSchema).max(MAX_BLOCKS),
  })
  .refine((page) => new Set(page.blocks.map((block) => block.id)).size === page.blocks.length, { message: "Two blocks share an id." });

export type CampaignPage = z.output<typeof CampaignPageSchema>;
export type { Block };

/** A new page: its title, and nothing else yet. */
export const emptyPage = (title: string): CampaignPage => ({
  title,
  description: "",
  shareImage: "",
  shareImageAlt: "",
  noindex: false,
  blocks: [],
});

const SEGMENT = "[a-z0-9]+(?:-[a-z0-9]+)*";
const PATH_SHAPE = new RegExp(`^/${SEGMENT}(?:/${SEGMENT}){0,2}$`);

/**
 * The page's address as typed, in the one spelling it is served at: lower case, no trailing slash. An address a page can
 * never have (a query, a dot, a space, four levels) is refused with what an address may hold.
 */
export function pageAddress(typed: string): { path: string } | { error: string } {
  const path = typed.trim().toLowerCase().replace(/\/+$/, "");
  if (path === "") return { error: "Give the page an address, such as /agencies." };
  if (path.length > PAGE_LIMITS.path) return { error: `An address holds at most ${PAGE_LIMITS.path} characters.` };
  if (!PATH_SHAPE.test(path)) {
    return {
      error:
        "An address starts with / and holds letters, digits and hyphens, in at most three parts separated by / (such as /agencies or /webinars/spring).",
    };
  }
  return { path };
}

/** A block id not yet used on the page: the type and a number. */
export function newBlockId(page: Pick<CampaignPage, "blocks">, type: string): string {
  const taken = new Set(page.blocks.map((block) => block.id));
  for (let n = 1; ; n += 1) {
    const id = `${type}-${n}`.slice(0, 40);
    if (!taken.has(id)) return id;
  }
}
