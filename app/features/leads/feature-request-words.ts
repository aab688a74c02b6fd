// The feature request dialog and its page (for visitors without JavaScript) say the same.
export const featureRequestCopy = {
  title: "Request a Feature",
  description: "Tell us what would make Replywise more useful for you. We read every request.",
} as const;
