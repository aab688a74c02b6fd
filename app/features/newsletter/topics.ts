import { NEWSLETTER_CONSENTS } from "~/content/consent";
import type { NewsletterTopic } from "./tables";

/**
 * What a subscriber's stored consent lets us send (docs/decisions/025). Every line the form ever showed promised the
 * resources; a record we do not know (rows from before double opt-in) gets only that.
 */
export function topicsOf(consentRecord: string | null | undefined): readonly NewsletterTopic[] {
  return NEWSLETTER_CONSENTS.find((consent) => consent.record === consentRecord)?.covers ?? ["resource"];
}

/** The consent records that cover a topic, for the query that picks an issue's recipients. */
export function recordsCovering(topic: NewsletterTopic): string[] {
  return NEWSLETTER_CONSENTS.filter((consent) => (consent.covers as readonly string[]).includes(topic)).map((consent) => consent.record);
}
