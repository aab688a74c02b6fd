// The blocks of the campaign pages (decision 035's declarations, decision 041's pages): each declared once, checked
// before publication and rendered by the server. Safe in the browser (the console's editor reads the declarations).

export {
  type Block,
  BLOCK_LIMITS,
  BLOCK_TYPES,
  blockAnchor,
  type BlockContent,
  blockContentOf,
  blockName,
  type BlockDeclaration,
  BLOCKS,
  type BlockType,
  CTA_TARGETS,
  isBlockType,
  SCENES,
} from "./declarations";
export { blockProblems } from "./problems";
export { scriptsOf } from "./scripts";
export { BlockList, BlockView, type BlockViewProps } from "./views";
