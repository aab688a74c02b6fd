// The blog feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { authors, getAuthor } from "./authors";
export { BLOG_FILTERS_ID, BlogFilters } from "./blog-filters";
export { BLOG_FEED_LINK } from "./blog-links";
export { BLOG_DESCRIPTION, BlogList, blogListMeta } from "./blog-list";
export { blogSearchScript } from "./blog-search-script";
export { BODY_IMAGE_ALT_REQUIRED } from "./body-image";
export { CoverImage, coverPreload } from "./cover-image";
export { FEATURED_IMAGE_SIZES } from "./featured-post";
export {
  type BlogListData,
  blogListPaths,
  canonicalCategory,
  CATEGORY_PARAM,
  categoryBySlug,
  countPages,
  filteredListHref,
  isFiltered,
  parsePage,
  readListFilters,
  SEARCH_PARAM,
} from "./list";
export { LocalTime } from "./local-time";
export { ARTICLE_IMAGE_SIZES, PostArticle } from "./post-article";
export { PostCard } from "./post-card";
export { PostEditor } from "./post-editor";
export { COVER_MAX_BYTES, editorValuesOf, EMPTY_EDITOR_VALUES, publishRequirements } from "./post-fields";
export { draftToMarkdown } from "./post-file";
export {
  categoriesOf,
  categorySlug,
  COVER_HEIGHT,
  COVER_WIDTH,
  coverName,
  coverShareImage,
  coverSrc,
  FEED_ITEMS,
  type PostSummary,
  RECENT_POSTS_ON_HOME,
  RECENT_POSTS_ON_POST,
  type SearchablePost,
  slugify,
} from "./post";
export { ShareButton } from "./share-button";
