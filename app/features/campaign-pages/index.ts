// The campaign pages feature's public module (decision 039): what routes and other features may use of it.

export {
  BLOCK_TYPES,
  blockContentOf,
  BlockList,
  blockName,
  BLOCKS,
  BlockView,
  isBlockType,
  scriptsOf,
  type Block,
  type BlockContent,
  type BlockType,
} from "./blocks";
export { CampaignPageSchema, emptyPage, MAX_BLOCKS, newBlockId, PAGE_LIMITS, pageAddress, type CampaignPage } from "./document";
export {
  EXPERIMENT_GOALS,
  isExperimentGoal,
  MAX_VARIANTS,
  sharesProblem,
  VARIANT_KEYS,
  variantFieldName,
  type ExperimentGoal,
  type Variant,
} from "./experiment-variants";
export { blockFieldName, pageProblems } from "./rules";
export { type BlockForm, PageEditor } from "./page-editor";
