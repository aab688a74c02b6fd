// The blocks' server side: a rich-text block's Markdown as HTML, read and sanitised as a blog post's body is (decision
// 013: one Markdown reader; the blog's allow-list sanitiser), in the loader, so no Markdown or sanitiser code reaches
// the browser.
import { postHtml } from "~/features/blog/index.server";
import type { Block } from "./declarations";

/** The rich-text blocks' bodies as HTML, by block id: what `BlockList` and `BlockView` take as `html`. */
export function richTextHtml(blocks: readonly Block[]): Record<string, string> {
  return Object.fromEntries(
    blocks.filter((block) => block.type === "rich-text").map((block) => [block.id, postHtml(block.fields.body ?? "")]),
  );
}
