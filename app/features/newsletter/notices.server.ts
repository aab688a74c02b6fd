import type { Transaction } from "~/lib/db/client.server";
import { enqueue } from "~/lib/jobs/outbox.server";
import { mailJob } from "~/lib/mail/mail-job";
import type { NewsletterMails } from "./mails";
import { CONFIRMATION_VALID_DAYS, type NewsletterLinks, type Subscriber } from "./subscribers.server";
import { topicsOf } from "./topics";

// What a sign-up sends, as outbox jobs written in its own transaction (double opt-in, docs/decisions/025): the link
// that confirms it, then the welcome once it is confirmed.

export interface NewsletterNotices {
  confirmation(tx: Transaction, subscriber: Subscriber): Promise<unknown>;
  welcome(tx: Transaction, subscriber: Subscriber): Promise<unknown>;
}

const newsletterMail = mailJob<NewsletterMails>;

export function createNewsletterNotices({ siteUrl, links }: { siteUrl: string; links: NewsletterLinks }): NewsletterNotices {
  return {
    confirmation(tx, subscriber) {
      const unsubscribeUrl = links.unsubscribeUrl(subscriber);
      return enqueue(tx, [
        newsletterMail({
          template: "newsletter-confirmation",
          to: [{ address: subscriber.email }],
          unsubscribeUrl,
          props: { confirmUrl: links.confirmUrl(subscriber), unsubscribeUrl, validDays: CONFIRMATION_VALID_DAYS },
        }),
      ]);
    },
    welcome(tx, subscriber) {
      const unsubscribeUrl = links.unsubscribeUrl(subscriber);
      return enqueue(tx, [
        newsletterMail({
          template: "newsletter-welcome",
          to: [{ address: subscriber.email }],
          unsubscribeUrl,
          props: {
            resourcesUrl: `${siteUrl}/resources`,
            unsubscribeUrl,
            posts: topicsOf(subscriber.consentText).includes("post"),
          },
        }),
      ]);
    },
  };
}
