// What a public page that shows edited content reads (docs/decisions/035): the published content, a collection's
// draft through a preview link, or, while the database is away, app/content/'s in a degraded render that the server
// replaces with the page's last good rendering where it kept one (docs/decisions/027).
import { capabilities, type Availability, type CapabilityId } from "~/content/capabilities";
import { availabilityFrom } from "~/content/roadmap";
import { DEGRADED_RENDER } from "~/lib/page-cache";
import { initialContent, type SiteContent } from "./collections";
import type { SiteContentStore } from "./store.server";

/** The query parameter of a preview link: the page as it will be with the collection's draft. */
export const PREVIEW_PARAM = "content-preview";

/** A preview is never kept by the page cache (private), nor by a browser. */
const PREVIEW_RENDER = { "Cache-Control": "private, no-cache" } as const;

export interface PageContent {
  content: SiteContent;
  /** Set when the render must not be kept: a preview, or a render without the database. */
  headers?: Record<string, string>;
}

/**
 * Every capability's availability as the roadmap says, for a page's loader to hand its component: a plain record, so
 * the roadmap's code stays on the server and out of the browser's chunks (decision 012).
 */
export function availabilityOf(content: Pick<SiteContent, "roadmap">): Record<CapabilityId, Availability> {
  const availability = availabilityFrom(content.roadmap);
  return Object.fromEntries(capabilities.map((capability) => [capability.id, availability(capability.id)])) as Record<
    CapabilityId,
    Availability
  >;
}

export async function pageContent(store: SiteContentStore, request: Request): Promise<PageContent> {
  try {
    const content = await store.current();
    const token = new URL(request.url).searchParams.get(PREVIEW_PARAM);
    const previewed = token ? store.previewOf(token) : null;
    if (!previewed) return { content };
    return { content: { ...content, [previewed]: await store.workingCopy(previewed) }, headers: PREVIEW_RENDER };
  } catch {
    return { content: initialContent(), headers: DEGRADED_RENDER };
  }
}
