// The campaign pages feature's public module for server code (decision 039): what the routes, the server, the scripts
// and the tests may use of its server side. Never imported by a component.
import { availabilityOf, loadPublished } from "~/features/site-content/index.server";
import { todayIso } from "~/lib/dates";
import { blockContentOf } from "./blocks";
import type { ContentOf } from "./pages.server";

export { allExperiments, experimentsOf, findExperiment, startExperiment, stopExperiment, type ExperimentForm } from "./experiments.server";
export {
  createCampaignPagesStore,
  pageForVariants,
  PAGE_PREVIEW_PARAM,
  PREVIEW_HOURS,
  variantsOfVisit,
  VARIANTS_HEADER,
  type CampaignPagesStore,
  type LiveExperiment,
  type LivePage,
} from "./live.server";
export { experimentReport, type ExperimentReport } from "./experiment-report.server";
export { applyShapeChange, formFieldsOf, NEW_BLOCK_FIELD, ORDER_FIELD, readPageForm, shapeChangeOf } from "./editor.server";
export { pageVariants, type PageVariants } from "./page-variants.server";
export {
  CAMPAIGN_PAGE_PUBLISH_JOB,
  campaignPageAddresses,
  createPage,
  findPage,
  listPages,
  publishNow,
  publishScheduledPage,
  restoreRevision,
  revisionsOf,
  saveDraft,
  schedule,
  unpublish,
  unschedule,
  workingCopy,
  type ChangeResult,
  type ContentOf,
} from "./pages.server";

/** What the blocks read of the site's content, as published at that moment (in a publication's transaction too). */
export const publishedBlockContent: ContentOf = async (db) => {
  const content = await loadPublished(db);
  return blockContentOf(content, availabilityOf(content), todayIso());
};

export { richTextHtml } from "./blocks/index.server";
