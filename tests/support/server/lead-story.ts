// A lead page's story as the team reads it (decision 045): the timeline's entries in the page's order (newest first),
// each with its kind (the `data-kind` the page gives it), its moment and its text.

/** A page's text as a reader sees it: no tags, no React markers, one space between words. */
export const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/gs, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

export interface StoryEntry {
  kind: string;
  at: Date;
  text: string;
}

export function storyOf(html: string): StoryEntry[] {
  const list = /<ol[^>]*aria-label="Everything from this address, newest first"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*data-kind="([^"]+)"[^>]*>(.*?)<\/li>/gs)].map((match) => ({
    kind: match[1]!,
    at: new Date(/<time[^>]*dateTime="([^"]+)"/i.exec(match[2]!)?.[1] ?? NaN),
    text: textOf(match[2]!),
  }));
}
