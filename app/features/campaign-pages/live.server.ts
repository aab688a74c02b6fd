// The live campaign pages as this process serves them (docs/decisions/047): loaded once, kept in memory, loaded again
// on every change whichever instance made it (the content's LISTEN/NOTIFY), with the experiments running on them. The
// server's fast path reads them without waiting (`liveNow`), to key a page in an experiment by its variants. While
// the database is away the last pages loaded stay in use. Also the preview links: a signed token names the page and
// when it expires, so any instance can check it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { variantOf } from "~/features/experiments/index.server";
import { CampaignPageSchema, type CampaignPage } from "./document";
import { VariantsSchema, type Variant } from "./experiment-variants";
import { campaignPages, experiments } from "./tables";

export const PREVIEW_HOURS = 72;

/** The query parameter of a preview link: the page at its address as its editor last left it. */
export const PAGE_PREVIEW_PARAM = "page-preview";

/** The header the page cache hands a render of a page in an experiment: which variant of each (`12=b;13=a`). */
export const VARIANTS_HEADER = "x-replywise-variants";

export interface LiveExperiment {
  id: number;
  blockId: string;
  variants: Variant[];
}

export interface LivePage {
  id: number;
  path: string;
  /** The day it was last published (the sitemap's lastmod). */
  publishedOn: string;
  page: CampaignPage;
  experiments: LiveExperiment[];
}

export interface CampaignPagesStore {
  /** The live pages by address (lower case): loaded on first use after a change, shared until the next. */
  live(): Promise<Map<string, LivePage>>;
  /** The same if loaded, without waiting: undefined while a load is under way. */
  liveNow(): Map<string, LivePage> | undefined;
  changed(): void;
  onChange(listener: () => void): void;
  previewToken(pageId: number, expiresAt: Date): string;
  /** The page a preview token opens, or null (forged, or expired). */
  previewOf(token: string): number | null;
}

async function loadLive(db: Database): Promise<Map<string, LivePage>> {
  const [pages, running] = await Promise.all([
    db
      .select({
        id: campaignPages.id,
        path: campaignPages.path,
        published: campaignPages.published,
        publishedAt: campaignPages.publishedAt,
      })
      .from(campaignPages)
      .where(isNotNull(campaignPages.published)),
    db
      .select({ id: experiments.id, pageId: experiments.pageId, blockId: experiments.blockId, variants: experiments.variants })
      .from(experiments)
      .where(isNull(experiments.stoppedAt)),
  ]);
  const live = new Map<string, LivePage>();
  for (const row of pages) {
    const page = CampaignPageSchema.safeParse(row.published);
    if (!page.success) continue;
    const ofPage = running
      .filter((experiment) => experiment.pageId === row.id)
      .map((experiment) => ({ id: experiment.id, blockId: experiment.blockId, variants: VariantsSchema.parse(experiment.variants) }));
    const publishedOn = (row.publishedAt ?? new Date()).toISOString().slice(0, 10);
    live.set(row.path.toLowerCase(), { id: row.id, path: row.path, publishedOn, page: page.data, experiments: ofPage });
  }
  return live;
}

export function createCampaignPagesStore(
  db: Database,
  ready: () => Promise<void> = async () => {},
  previewKey = randomBytes(32),
): CampaignPagesStore {
  let loaded: Map<string, LivePage> | undefined;
  let lastGood: Map<string, LivePage> | undefined;
  let loading: Promise<Map<string, LivePage>> | undefined;
  const listeners: (() => void)[] = [];
  const sign = (payload: string) => createHmac("sha256", previewKey).update(`campaign-preview:${payload}`).digest("base64url");

  function live() {
    const promise = (loading ??= ready()
      .then(() => loadLive(db))
      .then((pages) => {
        if (loading === promise) loaded = lastGood = pages;
        return pages;
      }));
    return promise.catch((error: unknown) => {
      // A load that fails (the database is away) is not kept: the next request tries again, meanwhile the last pages.
      if (loading === promise) loading = undefined;
      if (lastGood) return lastGood;
      throw error;
    });
  }

  return {
    live,
    liveNow: () => loaded,
    changed() {
      loaded = undefined;
      loading = undefined;
      for (const listener of listeners) listener();
      // Loaded again straight away, so the fast path has them before the next visitor.
      live().catch(() => {});
    },
    onChange(listener) {
      listeners.push(listener);
    },
    previewToken(pageId, expiresAt) {
      const payload = `${pageId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${sign(payload)}`;
    },
    previewOf(token) {
      const [id, expires, signature = ""] = token.split(".");
      const expected = Buffer.from(sign(`${id}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!/^\d+$/.test(id ?? "") || Number(expires) * 1000 < Date.now()) return null;
      return Number(id);
    },
  };
}

/**
 * Which variant of each experiment on the page a visit sees (`12=b;13=a`), from its daily visitor id: the same all
 * day, nothing stored. Without a visitor id (counting is off, or a bot) every experiment shows its first variant.
 */
export function variantsOfVisit(page: LivePage, visitorId: number | null): string {
  return page.experiments
    .map(
      (experiment) =>
        `${experiment.id}=${visitorId === null ? experiment.variants[0]!.key : variantOf(experiment.id, visitorId, experiment.variants)}`,
    )
    .join(";");
}

/** The page as a visit in its experiments sees it: each split block with its variant's fields (the first is the block as published). */
export function pageForVariants(live: LivePage, header: string | null): CampaignPage {
  if (live.experiments.length === 0) return live.page;
  const chosen = new Map((header ?? "").split(";").map((pair) => pair.split("=") as [string, string]));
  const blocks = live.page.blocks.map((block) => {
    const experiment = live.experiments.find((candidate) => candidate.blockId === block.id);
    const variant = experiment?.variants.find((candidate) => candidate.key === chosen.get(String(experiment.id)));
    if (!experiment || !variant || variant === experiment.variants[0]) return block;
    return { ...block, fields: variant.fields };
  });
  return { ...live.page, blocks };
}
