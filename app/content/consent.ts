// One line under each form: what the address is for. The newsletter's line is also stored with each sign-up, as the
// consent record (the exact words the visitor saw).

export const CONSENT = {
  contact: "We use your name and email only to answer your message, and send you a receipt now.",
  "feature-request": "We use your name and email only to follow up on this request, and send you a receipt now.",
  newsletter: "One email when we publish a new resource. Unsubscribe in one click, any time.",
  download: "We email you a link to this file too. We won't add you to any mailing list.",
} as const;

export const PRIVACY_POLICY_LINK = { to: "/privacy", label: "Privacy policy" } as const;

/** The consent as stored: the sentence shown and the link shown after it. */
export const newsletterConsentRecord = `${CONSENT.newsletter} ${PRIVACY_POLICY_LINK.label}: ${PRIVACY_POLICY_LINK.to}`;
