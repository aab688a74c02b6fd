// How much of a page's title and description search engines show (Google cuts a title near 600 px, about 60
// characters, and a description near 160), and the shortest description they keep rather than write their own. The
// every-page check (tests/site/seo.test.ts) holds the site's own pages to 50 and more; the blog editor checks these.
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MIN = 50;
export const SEO_DESCRIPTION_MAX = 160;
