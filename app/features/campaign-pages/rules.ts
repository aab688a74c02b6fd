// What a campaign page must keep true when it goes live (docs/decisions/047): the lengths search engines show, the
// copy rules on its title and description, a share picture of this site's with its alt text, and each block's own
// rules (./blocks: its fields' shapes and the copy rules, decision 010). A draft may break them; publishing is refused
// with the reason beside the field.
import { checkCopy } from "~/lib/copy-rules";
import type { FieldErrors } from "~/lib/editor/answer";
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from "~/lib/seo-limits";
import { blockProblems, type Block, type BlockContent } from "./blocks";
import type { CampaignPage } from "./document";

/** The form's name of a block's field: `block.<id>.<field>`. */
export const blockFieldName = (blockId: string, field: string) => `block.${blockId}.${field}`;

const copyOf = (text: string, today: string) => checkCopy("field", text, { marketing: true }, today).map((problem) => problem.message);

/** Every reason the page may not go live, by field name; empty when it may. */
export function pageProblems(page: CampaignPage, content: BlockContent, today: string): FieldErrors {
  const errors: FieldErrors = {};
  const title = page.title.trim();
  if (!title) errors.title = "Give the page a title: it is what search results and the browser's tab show.";
  else if (title.length > SEO_TITLE_MAX) errors.title = `At most ${SEO_TITLE_MAX} characters: this one has ${title.length}.`;
  else if (copyOf(title, today)[0]) errors.title = copyOf(title, today)[0]!;
  const description = page.description.trim();
  if (description.length < SEO_DESCRIPTION_MIN || description.length > SEO_DESCRIPTION_MAX)
    errors.description = `Between ${SEO_DESCRIPTION_MIN} and ${SEO_DESCRIPTION_MAX} characters, what search engines show of a description: this one has ${description.length}.`;
  else if (copyOf(description, today)[0]) errors.description = copyOf(description, today)[0]!;
  const image = page.shareImage.trim();
  if (image && !/^\/images\/[a-z0-9/_.-]+\.(png|jpe?g|webp|avif)$/i.test(image))
    errors.shareImage = "A share picture is one of this site's: its path under /images/, such as /images/og/agencies.png.";
  else if (image && !page.shareImageAlt.trim()) errors.shareImageAlt = "A share picture needs its alt text: describe what it shows.";
  if (page.blocks.length === 0) errors.blocks = "Add at least one block: a page with nothing on it cannot go live.";
  for (const block of page.blocks) Object.assign(errors, blockErrors(block, content, today, page.blocks));
  return errors;
}

/** One block's problems under their form names. */
export function blockErrors(block: Block, content: BlockContent, today: string, page: readonly Block[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(blockProblems(block, content, today, page)).map(([field, reason]) => [blockFieldName(block.id, field), reason]),
  );
}
