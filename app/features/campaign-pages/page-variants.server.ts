// Which version of a page a request gets from the page cache (docs/decisions/048): a page in an experiment is kept
// once per combination of variants, and each visit is answered the one its daily visitor id gives, on the server's
// fast path, with no cookie and nothing stored. Every other page has one version ("").
import type { IncomingMessage } from "node:http";
import { notAVisitor, type Analytics } from "~/features/analytics/index.server";
import { variantsOfVisit, VARIANTS_HEADER, type CampaignPagesStore, type LivePage } from "./live.server";

export interface PageVariants {
  /** The header a render is handed its variants in (the cache sets it; a visitor's own is dropped at the door). */
  header: string;
  /** The request's version without waiting: "" for one version, null when it cannot be told yet (the renderer waits). */
  keyNow(req: IncomingMessage, address: string): string | null;
  /** The request's version, waiting for the pages and today's salt; "" when they cannot be had. */
  key(req: IncomingMessage, address: string): Promise<string>;
}

const pathOf = (url: string | undefined) =>
  (url ?? "/")
    .split("?", 1)[0]!
    .toLowerCase()
    .replace(/(.)\/+$/, "$1");

export function pageVariants(pages: CampaignPagesStore, analytics: Analytics | undefined): PageVariants {
  const visitorOf = (req: IncomingMessage, address: string) => {
    const userAgent = req.headers["user-agent"];
    const purpose = String(req.headers["sec-purpose"] ?? req.headers.purpose ?? req.headers["x-moz"] ?? "") || undefined;
    // A bot or a prefetch is not counted: it sees each experiment's first variant, and tips no split.
    if (!analytics || notAVisitor({ userAgent, purpose })) return null;
    return analytics.visitorNow(address, userAgent);
  };
  const keyOf = (page: LivePage | undefined, visitor: number | null) =>
    page && page.experiments.length > 0 ? variantsOfVisit(page, visitor) : "";

  return {
    header: VARIANTS_HEADER,
    keyNow(req, address) {
      // Pages not loaded yet: the page's one version, if kept, is what was rendered with no experiment running (a change
      // clears the cache); a page in an experiment is never kept under it.
      const page = pages.liveNow()?.get(pathOf(req.url));
      if (!page || page.experiments.length === 0) return "";
      const visitor = visitorOf(req, address);
      return visitor === undefined ? null : keyOf(page, visitor);
    },
    async key(req, address) {
      try {
        const page = (await pages.live()).get(pathOf(req.url));
        if (!page || page.experiments.length === 0) return "";
        let visitor = visitorOf(req, address);
        if (visitor === undefined) visitor = (await analytics?.visitorOf(address, req.headers["user-agent"])) ?? null;
        return keyOf(page, visitor);
      } catch {
        return "";
      }
    },
  };
}
