// What a block must keep true before its page is published (decisions 010, 035): its fields as declared (lengths,
// required, options, no markup in plain text) and the copy rules a collection's fields keep at publish, field by field.
import type { AvailabilityOf } from "~/content/capabilities";
import { fieldTextProblem } from "~/features/site-content";
import { type Block, type BlockContent, BLOCKS, isBlockType } from "./declarations";

const MARKUP = /<[a-z!/?]|&[#a-z0-9]+;/i;
// eslint-disable-next-line no-control-regex -- control characters never belong in a page's text
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, with tab and line breaks allowed in a text area
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// Where a link or an image of the rich text may point: the web (https), a mail or call, a page of this site, a part of
// this page. The sanitiser drops the rest anyway (javascript:, data:); the editor is told why instead.
const LINK = /!?\[[^\]]*\]\(\s*<?([^\s)>]*)/g;
const REFERENCE = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm;
const SAFE_TARGET = /^(https:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;
const IMAGE_WITHOUT_ALT = /!\[\s*\]\(/;

/** Why the rich text's Markdown cannot be shown as written, or undefined. */
function markdownProblem(body: string): string | undefined {
  if (MARKUP.test(body)) return "Write the text in Markdown, without HTML: tags and entities are not shown.";
  for (const match of [...body.matchAll(LINK), ...body.matchAll(REFERENCE)]) {
    const target = match[1] ?? "";
    if (!SAFE_TARGET.test(target))
      return `A link goes to an https:// address, mailto:, tel:, a page of this site (/…) or a part of this page (#…): “${target.slice(0, 60)}” is none of them.`;
  }
  if (IMAGE_WITHOUT_ALT.test(body)) return "An image needs its alt text: describe what it shows for readers who cannot see it.";
  return undefined;
}

/**
 * The block's fields checked, with the reason per field name; empty when the block may be published. `today` is
 * YYYY-MM-DD. `page`, the page's blocks, when known: a button's anchor must name a form block on it, and a page holds one
 * form of each kind (the forms' field ids are fixed).
 */
export function blockProblems(block: Block, content: BlockContent, today: string, page?: readonly Block[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isBlockType(block.type)) return { type: `“${String(block.type)}” is not a kind of block.` };
  const declaration = BLOCKS[block.type];
  const fields = declaration.fields(content, page);
  const availability: AvailabilityOf = (id) => content.availability[id];
  for (const name of Object.keys(block.fields)) {
    if (!fields.some((field) => field.name === name)) problems[name] = `A ${declaration.label.toLowerCase()} block has no field “${name}”.`;
  }
  for (const field of fields) {
    const value = (block.fields[field.name] ?? "").trim();
    const report = (reason: string) => (problems[field.name] ??= reason);
    if (!value) {
      if (!declaration.optional?.includes(field.name))
        report(field.kind === "select" ? `Choose the ${field.label.toLowerCase()}.` : "Write it: the page shows this text.");
      continue;
    }
    if (field.max !== undefined && value.length > field.max)
      report(`${field.label} must be at most ${field.max} characters: this one has ${value.length}.`);
    if (field.kind === "select" && !field.options?.some((option) => option.value === value)) {
      if (field.name === "resource") report(`“${value}” is not a published resource: choose one from the list.`);
      else if (field.name === "cta.target")
        report(`“${value}” is not a place the button can lead to: choose a page from the list, or a form block on this page.`);
      else report(`“${value}” is not one of the choices: choose one from the list.`);
    }
    if (field.kind === "url" && !/^https:\/\/[^\s<>"]+$/.test(value)) report(`${field.label} must be an address starting with https://.`);
    if (field.kind !== "select") {
      if ((field.kind === "textarea" ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value))
        report(`${field.label} contains characters that cannot be saved. Please remove them.`);
      if (block.type === "rich-text" && field.name === "body") {
        const problem = markdownProblem(value);
        if (problem) report(problem);
      } else if (MARKUP.test(value)) report(`${field.label} cannot contain HTML: write it as plain text.`);
    }
    const rule = fieldTextProblem(field, block.fields, today, availability);
    if (rule) report(rule);
  }
  // The testimonials are quotes of early-access teams: the block says so, as home's section must (decision 035).
  if (block.type === "testimonials" && block.fields.intro && !/early[- ]access/i.test(block.fields.intro))
    problems.intro ??= 'The testimonials come from early-access teams: keep "early-access" in the intro.';
  const kind = declaration.form;
  if (kind && page) {
    const first = page.find((other) => BLOCKS[other.type]?.form === kind);
    if (first && first.id !== block.id)
      problems[declaration.heading ?? "heading"] ??=
        `This page has a ${BLOCKS[first.type].label.toLowerCase()} already: one of each form a page (its fields would share their ids).`;
  }
  return problems;
}
