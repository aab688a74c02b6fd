import type { FieldErrors, FieldValues } from "~/lib/schemas/form-fields";
import type { StoredResourceLead } from "~/lib/schemas/download-lead";

// What every form action answers, read by the components (toasts) and by the no-JavaScript pages.

export type FailureReason = "unavailable" | "rate-limited" | "too-large" | "exception";

export type FormResult<Field extends string = string> =
  | { status: "success"; lead?: StoredResourceLead }
  | { status: "invalid"; message: string | null; fieldErrors: FieldErrors<Field>; values: FieldValues<Field> }
  | { status: "error"; reason: FailureReason; values: FieldValues<Field> };

export type FormKind = "contact" | "feature-request" | "newsletter" | "download";

export interface Notice {
  title: string;
  description?: string;
}

// Spec section 8, word for word.
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
    success: {
      title: "Subscription successful!",
      description: "You've been added to our mailing list. Check your inbox for a confirmation email.",
    },
    failure: { title: "There was a problem subscribing you. Please try again." },
  },
  download: {
    success: { title: "Resource ready!", description: "Your download should begin automatically." },
    failure: { title: "Error", description: "There was a problem processing your download. Please try again." },
  },
} as const satisfies Record<FormKind, Record<string, Notice> & { success: Notice; failure: Notice }>;

const RATE_LIMITED = "You have sent several requests in a short time. Please try again in a few minutes.";

/** The notice for a failed submission: the form's own failure message, made specific where it helps. */
export function failureNotice(kind: FormKind, reason: FailureReason): Notice {
  if (kind === "feature-request" && reason === "exception") return FORM_MESSAGES[kind].exception;
  const notice: Notice = FORM_MESSAGES[kind].failure;
  return reason === "rate-limited" ? { title: notice.title, description: RATE_LIMITED } : notice;
}

/** What a fetcher gets when the request never produced an answer (offline, refused by the server). */
export const EXCEPTION_RESULT = { status: "error", reason: "exception", values: {} } as const satisfies FormResult;
