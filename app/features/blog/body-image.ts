// An image in a post's body, as the editor inserts it: the HTML tag with its size, so the page keeps its place before
// it loads (the sanitiser keeps src, alt, width and height and makes it lazy). Pure: the editor's page builds nothing
// itself, the server answers the snippet, but the tests and the help text read the same rules.

/** The longest image description, as the cover's (LIMITS.coverAlt in post-fields.ts). */
export const BODY_IMAGE_ALT_MAX = 200;
/** The widest an image in the body is stored: the article's column is narrower, so a wider one only costs bytes. */
export const BODY_IMAGE_MAX_WIDTH = 1200;
/** The smallest image taken: below this it is an icon, not a picture a reader needs described. */
export const BODY_IMAGE_MIN_SIZE = 40;

export const BODY_IMAGE_HINT = `JPEG, PNG, WebP or AVIF, up to 10 MB, at least ${BODY_IMAGE_MIN_SIZE} × ${BODY_IMAGE_MIN_SIZE} px; stored at most ${BODY_IMAGE_MAX_WIDTH} px wide, as WebP. SVG is not accepted.`;
export const BODY_IMAGE_ALT_REQUIRED = "Describe the image before uploading it: readers who cannot see it read this instead.";

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The tag to put in the post's Markdown for an uploaded image. */
export function bodyImageSnippet({ src, alt, width, height }: { src: string; alt: string; width: number; height: number }): string {
  return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt.replace(/\s+/g, " ").trim())}" width="${width}" height="${height}">`;
}

/** The content with the snippet inserted at `at` (the caret), on a line of its own; at the end when `at` is missing. */
export function insertSnippet(content: string, snippet: string, at?: number): string {
  const position = at === undefined || at < 0 || at > content.length ? content.length : at;
  const before = content.slice(0, position);
  const after = content.slice(position);
  const lead = before === "" ? "" : before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after === "" ? "\n" : after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  return `${before}${lead}${snippet}${trail}${after}`;
}
