// What the page behind a roadmap vote's confirmation link says (decision 036), for each state the link can be in.
import type { LinkPageCopy } from "~/lib/link-page";

export const voteConfirmPage = {
  pending: {
    title: "Confirm your vote",
    message: "One click and the vote of {email} counts on the roadmap. We send one email when this item ships, nothing else.",
    button: "Confirm my vote",
  },
  confirmed: { title: "Your vote counts", message: "Thanks for confirming. You will hear from us once, when this item ships." },
  "already-confirmed": { title: "Your vote already counts", message: "This vote was confirmed before. Nothing else to do." },
  invalid: {
    title: "This link is not valid",
    message: "The confirmation link is incomplete or was changed. Copy the whole link from the email, or vote again on the roadmap.",
  },
  expired: {
    title: "This link has expired",
    message: "Confirmation links work for 7 days. Vote again on the roadmap and we'll send you a new one.",
  },
  gone: {
    title: "This vote no longer exists",
    message: "It was not confirmed in time and was deleted, or its address was erased. Vote again on the roadmap if you still want it.",
  },
} as const satisfies Record<string, LinkPageCopy>;

/** The page behind a shipped notice's unsubscribe link: the address stops wanting the item (its vote is withdrawn). */
export const withdrawPage = {
  ask: {
    title: "Stop hearing about this item",
    message: "One click withdraws your vote for this roadmap item, and we will not email you about it again.",
    button: "Withdraw my vote",
  },
  withdrawn: {
    title: "You're withdrawn",
    message: "Your vote for this item is withdrawn and we will not email you about it again. Nothing else changed.",
  },
  invalid: {
    title: "This link is not valid",
    message: "The link is incomplete or was changed. Copy the whole link from the email, or write to us and we'll take you off.",
  },
  gone: {
    title: "Nothing to withdraw",
    message: "We hold no vote or request of this address for this item anymore. We will not email you about it.",
  },
} as const satisfies Record<string, LinkPageCopy>;
