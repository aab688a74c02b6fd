// The leads feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { DownloadDialog } from "./download-dialog";
export { DownloadReady } from "./download-ready";
export { FeatureRequestDialog } from "./feature-request-dialog";
export { featureRequestCopy } from "./feature-request-words";
export {
  DEFAULT_FILTER,
  filtersInUse,
  isFiltered,
  type LeadFilter,
  leadFilterFields,
  leadFilterOfAddress,
  leadFilterParams,
  parseLeadFilter,
} from "./filters";
export {
  isLeadKind,
  LEAD_KIND_LABELS,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  type LeadKind,
  type LeadStage,
  NOTE_MAX_LENGTH,
  NOTES_MAX,
  PIPELINE_STAGES,
} from "./kinds";
export { ContactForm, DownloadForm, FeatureRequestForm } from "./lazy-forms";
export { KindBadge, StageBadge } from "./lead-badges";
export { BoardFilters, cardId, LeadBoard } from "./lead-board";
export { AttributionList, LeadFields } from "./lead-detail";
export { LeadFilters } from "./lead-filters";
export { LeadList } from "./lead-list";
export { FollowUpForm, MoveForm, OwnerForm } from "./lead-work";
