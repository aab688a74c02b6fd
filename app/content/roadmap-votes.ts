// What the page behind a roadmap vote's confirmation link says (issue 37), for each state the link can be in.
import type { LinkPageCopy } from "./newsletter";

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
