// What a post's text gives: its plain text and words, its read time and its date label. The server reads every post
// with these (snapshot.server.ts) and the blog admin previews a draft with the same ones; no list or post page runs them in
// the browser, so they stay out of post.ts (decision 012).

export const WORDS_PER_MINUTE = 200;

/** The distinct lowercase words of a text, in first-seen order. */
export function searchWords(text: string): string {
  return [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))].join(" ");
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** Word count divided by 200, rounded up: "N min read". */
export function readTime(text: string): string {
  return `${Math.ceil(countWords(text) / WORDS_PER_MINUTE)} min read`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text of an HTML fragment (tags dropped, common entities decoded), for word counts and search. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith("#")) return String.fromCodePoint(parseInt(code.slice(1), 10));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** "2025-09-18" to "September 18, 2025", the same on the server and in every browser time zone. */
export function formatPostDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
