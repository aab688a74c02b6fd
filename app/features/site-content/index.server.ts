// The site content feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { notifyContentChanged } from "./changes.server";
export { companyOf } from "./company-collection";
export { companyPlaceholderLabels, currentCompany } from "./company.server";
export {
  CONTENT_PUBLISH_JOB,
  findContent,
  importContent,
  type ImportedFile,
  loadPublished,
  publishNow,
  publishScheduledContent,
  restoreRevision,
  revisionsOf,
  saveDraft,
  schedule,
  seedSiteContent,
  unschedule,
  workingCopy,
} from "./content.server";
export { CONTENT_IMAGE_DIR, CONTENT_IMAGE_FILE, findContentImage, takePictureUploads } from "./content-images.server";
export { changeProblem, readEntries } from "./editor.server";
export { availabilityOf, pageContent, PREVIEW_PARAM } from "./page.server";
export { combinePublishHooks, type PublishHooks } from "./publish-hooks";
export { findResourceUpload, judgeResourceFile, publishedResource, RESOURCE_MAX_BYTES, resourceSizes } from "./resources-collection.server";
export { addResource } from "./resources-editor.server";
export { addPlannedItem } from "./roadmap.server";
export { contentWarnings, publishProblems } from "./rules";
export { createSiteContentStore, listenForContentChanges, PREVIEW_HOURS, type SiteContentStore } from "./store.server";
export { resourceUploads } from "./tables";
