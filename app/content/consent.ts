// One line under each form: what the address is for. The newsletter's line is also stored with each sign-up, as the
// consent record (the exact words the visitor saw).

export const CONSENT = {
  contact: "We use your name and email only to answer your message, and send you a receipt now.",
  "feature-request": "We use your name and email only to follow up on this request, and send you a receipt now.",
  newsletter: "One email when we publish a new resource or blog post. Unsubscribe in one click, any time.",
  download: "We email you a link to this file too. We won't add you to any mailing list.",
  // Decision 036: exactly what a vote lets us send ("email": the copy rules refuse "e-mail").
  "roadmap-vote": "One email when this item ships, nothing else.",
} as const;

export const PRIVACY_POLICY_LINK = { to: "/privacy", label: "Privacy policy" } as const;

/** A consent as stored: the sentence shown and the link shown after it. */
const consentRecord = (sentence: string) => `${sentence} ${PRIVACY_POLICY_LINK.label}: ${PRIVACY_POLICY_LINK.to}`;

/** What a roadmap vote stores as its consent. */
export const roadmapVoteConsentRecord = consentRecord(CONSENT["roadmap-vote"]);

/** What a sign-up stores today. */
export const newsletterConsentRecord = consentRecord(CONSENT.newsletter);

/**
 * Every newsletter consent line the form has shown, with what each lets us send (docs/decisions/025). A subscriber gets
 * what the line stored with their sign-up covers, and nothing more: an issue about a post goes only to the later ones.
 * Never edit a line here: add the new one and keep the old.
 */
export const NEWSLETTER_CONSENTS = [
  {
    record: consentRecord("One email when we publish a new resource. Unsubscribe in one click, any time."),
    covers: ["resource"],
  },
  { record: newsletterConsentRecord, covers: ["resource", "post"] },
] as const satisfies readonly { record: string; covers: readonly ("resource" | "post")[] }[];
