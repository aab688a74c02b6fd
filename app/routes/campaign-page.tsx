import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { ErrorPage } from "~/components/sections/error-page";
import { NOT_FOUND } from "~/components/sections/route-error";
import { analyticsContext, campaignPagesContext, clientAddressContext, databaseContext, siteContentContext } from "~/context";
import { BlockList, blockContentOf, scriptsOf, type Block, type BlockContent, type CampaignPage } from "~/features/campaign-pages";
import {
  findPage,
  pageForVariants,
  PAGE_PREVIEW_PARAM,
  richTextHtml,
  variantsOfVisit,
  VARIANTS_HEADER,
  workingCopy,
  type LivePage,
} from "~/features/campaign-pages/index.server";
import { availabilityOf, pageContent } from "~/features/site-content/index.server";
import { todayIso } from "~/lib/dates";
import { staticPage, type HydrationHandle, type PageScript, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { cachedPage, DEGRADED_RENDER, type PageCacheHandle } from "~/lib/page-cache";
import type { Route } from "./+types/campaign-page";

// Any address no other route answers: a campaign page built from blocks in the console (decision 047), else the
// not-found page with a real 404. No React either way (decision 041): a page's forms are the lead forms' page script's.
// Kept per URL by the page cache like every content page, and per variant for a page in an experiment (decision 048).

/** Serialised into the page: the missing path goes to the browser's console, as React's effect below does. */
function logMissingPath(message: string) {
  if (document.querySelector("[data-not-found]")) console.error(message, location.pathname);
}

const MISSING_PATH_MESSAGE = "404 Error: User attempted to access non-existent route:";

const missingPathScript: PageScript = { start: logMissingPath, args: [MISSING_PATH_MESSAGE] };

// A page's scripts are those its blocks need (a form's, the booking's), none for a page of text; a missing page logs.
export const handle: HydrationHandle & PageScriptHandle & PageCacheHandle = {
  ...staticPage,
  ...cachedPage,
  script: (loaderData) => {
    const loaded = loaderData as Loaded | undefined;
    return loaded?.kind === "page" ? scriptsOf(loaded.page.blocks) : missingPathScript;
  },
};

/** A preview is never kept by the page cache (private), nor by a browser. */
const PREVIEW_RENDER = { "Cache-Control": "private, no-cache" } as const;

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (loaderData?.kind !== "page")
    return buildMeta({ title: "Page not found", description: NOT_FOUND.message, path: location.pathname, noindex: true });
  const { page, path, preview } = loaderData;
  return buildMeta({
    title: page.title,
    description: page.description,
    path,
    noindex: page.noindex || preview,
    ...(page.shareImage ? { image: { path: page.shareImage, alt: page.shareImageAlt } } : {}),
  });
};

type Loaded =
  | { kind: "page"; path: string; page: CampaignPage; content: BlockContent; html: Record<string, string>; preview: boolean }
  | { kind: "missing" };

const notFound = () => data<Loaded>({ kind: "missing" }, { status: 404 });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = url.pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const store = context.get(campaignPagesContext);
  let live: LivePage | undefined;
  let page: CampaignPage;
  let preview = false;
  try {
    const token = url.searchParams.get(PAGE_PREVIEW_PARAM);
    const previewed = token ? store.previewOf(token) : null;
    const row = previewed === null ? undefined : await findPage(context.get(databaseContext).db, previewed);
    if (row && row.path === path) {
      page = workingCopy(row);
      preview = true;
    } else {
      live = (await store.live()).get(path);
      if (!live) return notFound();
      page = pageForVariants(live, request.headers.get(VARIANTS_HEADER) ?? (await variantsHere(context, request, live)));
    }
  } catch {
    // The database is away and no page was ever loaded here: the page's last good rendering goes out where one is kept.
    return data<Loaded>({ kind: "missing" }, { status: 503, headers: DEGRADED_RENDER });
  }
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  const loaded: Loaded = {
    kind: "page",
    path: live?.path ?? path,
    page,
    content: blockContentOf(content, availabilityOf(content), todayIso()),
    html: richTextHtml(page.blocks),
    preview,
  };
  if (preview) return data(loaded, { headers: PREVIEW_RENDER });
  return headers ? data(loaded, { headers }) : loaded;
}

/**
 * The variants a request sees when the page cache did not say (development renders every request): worked out from the
 * visitor id as the cache does. A render the cache asked for carries no user agent, and shows each first variant.
 */
async function variantsHere(context: Route.LoaderArgs["context"], request: Request, live: LivePage): Promise<string | null> {
  if (live.experiments.length === 0) return null;
  const analytics = context.get(analyticsContext);
  const userAgent = request.headers.get("user-agent") ?? undefined;
  const visitor = analytics && userAgent ? await analytics.visitorOf(context.get(clientAddressContext), userAgent) : null;
  return variantsOfVisit(live, visitor);
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}

export default function CampaignPageRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind !== "page") return <NotFound />;
  const { page, content, path, html } = loaderData;
  return <BlockList blocks={page.blocks as Block[]} content={content} pagePath={path} html={html} />;
}

function NotFound() {
  const { pathname } = useLocation();
  // A 404 that React renders after a client-side navigation logs from here; a served one from the page script.
  useEffect(() => {
    console.error(MISSING_PATH_MESSAGE, pathname);
  }, [pathname]);
  return (
    <div data-not-found="">
      <ErrorPage {...NOT_FOUND} />
    </div>
  );
}
