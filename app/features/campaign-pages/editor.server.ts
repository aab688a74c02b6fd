// The page editor's one form read back into a page (docs/decisions/047): the page's own fields, every block's fields
// by their form names (`block.<id>.<field>`, ./rules.ts), and the change of shape a button asked for (a block added,
// moved or removed). Whatever button was pressed, what was typed is read first, so nothing typed is lost.
import type { FieldSpec } from "~/features/site-content";
import { formText } from "~/lib/editor/action.server";
import { BLOCK_TYPES, BLOCKS, type Block, type BlockContent, type BlockType } from "./blocks";
import { MAX_BLOCKS, newBlockId, type CampaignPage } from "./document";
import { blockFieldName } from "./rules";

/** The hidden field that lists the blocks' ids in the order the form shows them. */
export const ORDER_FIELD = "order";
/** The select naming the type of the block to add. */
export const NEW_BLOCK_FIELD = "newBlock";

export type ShapeChange =
  { kind: "add"; type: BlockType } | { kind: "move"; id: string; by: -1 | 1 } | { kind: "remove"; id: string } | { kind: "none" };

const isBlockType = (value: string): value is BlockType => (BLOCK_TYPES as readonly string[]).includes(value);

/** What a button's intent asks of the blocks: `add-block`, `move-up:<id>`, `move-down:<id>`, `remove:<id>`. */
export function shapeChangeOf(intent: string, form: FormData): ShapeChange {
  if (intent === "add-block") {
    const type = formText(form, NEW_BLOCK_FIELD);
    return isBlockType(type) ? { kind: "add", type } : { kind: "none" };
  }
  const [verb, id = ""] = intent.split(":", 2);
  if (verb === "move-up" || verb === "move-down") return { kind: "move", id, by: verb === "move-up" ? -1 : 1 };
  if (verb === "remove") return { kind: "remove", id };
  return { kind: "none" };
}

/** The page as the form has it: each block the page holds, in the form's order, with its fields as typed. */
export function readPageForm(
  form: FormData,
  current: CampaignPage,
  content: BlockContent,
): { page: CampaignPage; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const text = (name: string) => (values[name] = formText(form, name));
  const byId = new Map(current.blocks.map((block) => [block.id, block]));
  const ordered = formText(form, ORDER_FIELD)
    .split(",")
    .filter((id, index, ids) => byId.has(id) && ids.indexOf(id) === index);
  // A block the form did not list (opened before another editor added it) keeps its place at the end.
  for (const block of current.blocks) if (!ordered.includes(block.id)) ordered.push(block.id);
  const blocks: Block[] = ordered.map((id) => {
    const block = byId.get(id)!;
    const fields: Record<string, string> = {};
    for (const spec of BLOCKS[block.type].fields(content, current.blocks)) {
      const name = blockFieldName(block.id, spec.name);
      fields[spec.name] = form.has(name) ? text(name) : (block.fields[spec.name] ?? "");
    }
    return { ...block, fields };
  });
  const page: CampaignPage = {
    title: text("title").slice(0, 60),
    description: text("description").slice(0, 160),
    shareImage: text("shareImage").trim().slice(0, 200),
    shareImageAlt: text("shareImageAlt").slice(0, 160),
    noindex: form.get("noindex") === "on",
    blocks,
  };
  values.noindex = page.noindex ? "on" : "";
  values[ORDER_FIELD] = ordered.join(",");
  return { page, values };
}

/**
 * A block's fields as the editor's form shows them, for the browser: their options read the published content and the
 * page (a button may lead to a form block on it); a hint that reads the typed values stays on the server.
 */
export function formFieldsOf(type: BlockType, content: BlockContent, page: readonly Block[]): FieldSpec[] {
  return BLOCKS[type].fields(content, page).map(({ hint, ...spec }) => (typeof hint === "string" ? { ...spec, hint } : spec));
}

/** The page with the change of shape made, or a reason it cannot be. */
export function applyShapeChange(page: CampaignPage, change: ShapeChange, content: BlockContent): CampaignPage | { error: string } {
  switch (change.kind) {
    case "none":
      return page;
    case "add": {
      if (page.blocks.length >= MAX_BLOCKS) return { error: `A page holds at most ${MAX_BLOCKS} blocks.` };
      const block: Block = { id: newBlockId(page, change.type), type: change.type, fields: BLOCKS[change.type].initial(content) };
      return { ...page, blocks: [...page.blocks, block] };
    }
    case "move": {
      const from = page.blocks.findIndex((block) => block.id === change.id);
      const to = from + change.by;
      if (from < 0 || to < 0 || to >= page.blocks.length) return page;
      const blocks = [...page.blocks];
      [blocks[from], blocks[to]] = [blocks[to]!, blocks[from]!];
      return { ...page, blocks };
    }
    case "remove":
      return { ...page, blocks: page.blocks.filter((block) => block.id !== change.id) };
  }
}
