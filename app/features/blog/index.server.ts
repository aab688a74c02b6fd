// The blog feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { notifyChanged } from "./changes.server";
export { COVER_URL_DIR, coverRenditions, encodeCoverFiles } from "./cover-files.server";
export { CoverRejected, processCover, processSquareImage, type SquareImage } from "./cover-upload.server";
export {
  createDraft,
  loadPostOr404,
  previewAnswer,
  readImages,
  readPostFields,
  readyToPublish,
  saveProblem,
  uploadBodyImage,
} from "./editor.server";
export { type ImportedCover, importPosts, seedInitialPosts } from "./import.server";
export { postPages } from "./post-pages.server";
export {
  BLOG_PUBLISH_JOB,
  createPost,
  createPreviewLink,
  deletePost,
  featurePost,
  findFile,
  listPosts,
  postOfPreview,
  type PostRow,
  PREVIEW_LINK_HOURS,
  previewLinksOf,
  previewTokenOf,
  publishPost,
  publishScheduledPost,
  purgeUnusedFiles,
  recordPublishError,
  restoreRevision,
  revisionsOf,
  revokePreviewLink,
  rowToPost,
  savePost,
  schedulePost,
  storeFiles,
  unpublishPost,
  unschedulePost,
} from "./posts.server";
export { type BlogPublishHooks, combineBlogPublishHooks } from "./publish-hooks";
export { loadPosts, parsePostFiles, postHtml } from "./snapshot.server";
export { type BlogStore, createBlogStore, listenForChanges } from "./store.server";
export { blogPosts, type PostFields } from "./tables";
