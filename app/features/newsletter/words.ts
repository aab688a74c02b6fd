import type { LinkPageCopy } from "~/lib/link-page";

export type { LinkPageCopy };
// What the pages behind the links in newsletter emails say, for each state a link can be in.

export const confirmPage = {
  pending: {
    title: "Confirm your subscription",
    message: "One click and {email} receives the Replywise newsletter: one practical email when we publish something new.",
    button: "Confirm subscription",
  },
  confirmed: { title: "You're subscribed", message: "Thanks for confirming. The next email arrives when we publish something new." },
  "already-confirmed": { title: "You're already subscribed", message: "This address was confirmed before. Nothing else to do." },
  invalid: {
    title: "This link is not valid",
    message:
      "The confirmation link is incomplete or was changed. Copy the whole link from the email, or sign up again on the resources page.",
  },
  expired: {
    title: "This link has expired",
    message: "Confirmation links work for 7 days. Sign up again on the resources page and we'll send you a new one.",
  },
  gone: {
    title: "This sign-up no longer exists",
    message: "It was cancelled, or not confirmed in time and deleted. Sign up again on the resources page if you'd like the newsletter.",
  },
} as const satisfies Record<string, LinkPageCopy>;

export const unsubscribePage = {
  subscribed: {
    title: "Unsubscribe from the newsletter",
    message: "{email} will get no more newsletter emails from Replywise.",
    button: "Unsubscribe",
  },
  unsubscribed: {
    title: "You're unsubscribed",
    message: "You will get no more newsletter emails from us. Changed your mind? Sign up again any time.",
  },
  "already-unsubscribed": {
    title: "You're unsubscribed",
    message: "This address was already unsubscribed. You will get no newsletter emails from us.",
  },
  invalid: {
    title: "This link is not valid",
    message:
      "The unsubscribe link is incomplete or was changed. Copy the whole link from the email, or write to us and we'll unsubscribe you.",
  },
  gone: { title: "Nothing to unsubscribe", message: "This address is not on our list anymore. You will get no newsletter emails from us." },
} as const satisfies Record<string, LinkPageCopy>;

export const unavailableCopy: LinkPageCopy = {
  title: "Please try again in a minute",
  message: "We could not reach our database just now, so nothing changed. The link stays valid: open it again in a minute.",
};
