import type { SubmissionResult } from "@conform-to/react";
import type { FormName } from "./names";

// What every form action answers, read by the form components (Conform, toasts) and by the no-JavaScript pages.

export type FailureReason = "unavailable" | "rate-limited" | "too-large" | "exception";

/** The entry kept in the browser under `resourceLeads` (spec section 3), also what a download's success carries. */
export interface StoredResourceLead {
  name: string;
  email: string;
  resourceId: string;
  resourceTitle: string;
  downloadedAt: string;
}

export const RESOURCE_LEADS_KEY = "resourceLeads";

/** `reply` is Conform's: the field errors and the typed values to show again, or a reset after a success. */
export type FormResult =
  | { status: "success"; reply: SubmissionResult; lead?: StoredResourceLead }
  | { status: "invalid"; reply: SubmissionResult; message: string | null }
  | { status: "error"; reply: SubmissionResult; reason: FailureReason };

export interface Notice {
  title: string;
  description?: string;
}

/** What a form's page script gets for its post (Accept: application/json, decision 041): the result and its notice. */
export type ScriptAnswer = FormResult & { notice: Notice };

// Spec section 8, word for word, except where it was untrue (the newsletter's).
export const FORM_MESSAGES = {
  contact: {
    success: { title: "Message sent!", description: "We'll get back to you as soon as possible." },
    failure: { title: "Something went wrong", description: "Please try again later." },
  },
  "feature-request": {
    success: { title: "Feature request submitted successfully!", description: "We'll review your request and get back to you soon." },
    failure: { title: "Failed to submit feature request", description: "Please try again later." },
    exception: { title: "Something went wrong", description: "Please try again later." },
    missing: { title: "Please fill in all required fields" },
  },
  newsletter: {
    // The same for every address, so it tells nobody whether one is subscribed; and true for each (double opt-in,
    // decision 025): a new or returning address has a confirmation email, a subscribed one nothing new.
    success: {
      title: "Subscription successful!",
      description:
        "Check your inbox for a confirmation email and follow its link to start receiving the newsletter. Already subscribed? Then nothing changes.",
    },
    failure: { title: "There was a problem subscribing you. Please try again." },
  },
  download: {
    // Not a toast: the dialog's own success state (spec section 4) is the one signal, with the catalogue's sentence.
    success: { title: "Thank you!", description: "Your download should begin automatically." },
    failure: { title: "Error", description: "There was a problem processing your download. Please try again." },
  },
  // The same for every address, like the newsletter's: it tells nobody whether an address already voted.
  "roadmap-vote": {
    success: {
      title: "Almost there: check your inbox",
      description:
        "Follow the link in the email we just sent to confirm your vote. It counts once confirmed. Already confirmed? Then nothing changes.",
    },
    failure: { title: "Your vote could not be saved", description: "Please try again later." },
  },
} as const satisfies Record<FormName, Record<string, Notice> & { success: Notice; failure: Notice }>;

const RATE_LIMITED = "You have sent several requests in a short time. Please try again in a few minutes.";
const TOO_LARGE = "What you sent is too long. Please shorten it (at most 5,000 characters a field) and try again.";

/** The notice for a failed submission: the form's own failure message, made specific where it helps. */
export function failureNotice(name: FormName, reason: FailureReason): Notice {
  if (name === "feature-request" && reason === "exception") return FORM_MESSAGES[name].exception;
  const notice: Notice = FORM_MESSAGES[name].failure;
  if (reason === "rate-limited") return { title: notice.title, description: RATE_LIMITED };
  if (reason === "too-large") return { title: notice.title, description: TOO_LARGE };
  return notice;
}

/** The notice the visitor sees for a result: the spec's messages, as a toast or on the no-JavaScript page. */
export function resultNotice(name: FormName, result: FormResult): { tone: "success" | "error"; notice: Notice } {
  if (result.status === "success") return { tone: "success", notice: FORM_MESSAGES[name].success };
  if (result.status === "invalid") return { tone: "error", notice: { title: result.message ?? "Please check the highlighted fields." } };
  return { tone: "error", notice: failureNotice(name, result.reason) };
}
