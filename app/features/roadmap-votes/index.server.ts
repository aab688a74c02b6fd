// The roadmap votes feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { linkedItemOf, roadmapOverview, teamRoadmapItems } from "./console.server";
export { roadmapVoteForm } from "./forms.server";
export { roadmapItemsById } from "./items.server";
export { roadmapVoteMails } from "./mails";
export { itemSupporters, linkRequest, mergedAnchors, mergeItems, MergeRefused } from "./merge.server";
export { draftForShipped, roadmapContentHooks, SHIPPED_COPY_JOB, shippedNoticeAudience, withdraw } from "./notices.server";
export { roadmapVoteCounts } from "./page.server";
export { voteTimeline } from "./timeline.server";
export { applyRoadmapAction, isRoadmapIntent, ROADMAP_DONE } from "./request-actions.server";
export { roadmapNoticeDeliveries, roadmapVotes, roadmapWithdrawals } from "./tables";
export { createRoadmapVoteNotices, type RoadmapVoteNotices } from "./vote-notices.server";
export {
  confirmVote,
  inspectVoteConfirmation,
  NOTED_VOTE_DAYS,
  notedVotes,
  purgeUnconfirmedVotes,
  type RoadmapVoteLinks,
  roadmapVoteLinks,
  voteCounts,
  voteOptIn,
} from "./votes.server";
