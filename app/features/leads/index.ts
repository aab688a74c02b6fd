// The leads feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { ContactForm } from "./contact-form";
export { DownloadDialog, DownloadLink, DownloadSteps } from "./download-dialog";
export { DownloadForm } from "./download-form";
export { DownloadReady } from "./download-ready";
export { FeatureRequestDialog, FeatureRequestLink } from "./feature-request-dialog";
export { FeatureRequestForm } from "./feature-request-form";
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
  AUDIENCE_KINDS,
  inAudience,
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
export { KindBadge, StageBadge } from "./lead-badges";
export { BoardFilters, cardId, LeadBoard } from "./lead-board";
export { boardScript } from "./board-script";
export { AttributionList, LeadFields } from "./lead-detail";
export { LeadFilters } from "./lead-filters";
export { LeadList } from "./lead-list";
export { FollowUpForm, MoveForm, OwnerForm } from "./lead-work";
export { dayIn, dueWords } from "./when";
