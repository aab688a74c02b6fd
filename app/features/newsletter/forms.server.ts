import { newsletterConsentRecord } from "~/content/consent";
import { defineForm } from "~/lib/forms/action.server";
import type { NewsletterNotices } from "./notices.server";
import { NewsletterSchema } from "./signup-schema";
import { signUp } from "./subscribers.server";

/** The sign-up form: double opt-in, the answer the same whether the address is new, pending or subscribed (./subscribers.server.ts). */
export const newsletterForm = (notices: Pick<NewsletterNotices, "confirmation">) =>
  defineForm({
    name: "newsletter",
    schema: NewsletterSchema,
    async store(tx, { email, source }, { visit, consentAddressHash }) {
      const subscriber = await signUp(tx, { email, source, consentText: newsletterConsentRecord, consentAddressHash, visit });
      if (subscriber) await notices.confirmation(tx, subscriber);
    },
  });
