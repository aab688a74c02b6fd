import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { newsletterSubscribers, type SubscriberStatus } from "~/features/leads/index.server";
import { confirmationLinks, doubleOptIn, type ConfirmationLinks } from "~/lib/double-opt-in.server";
import type { LeadVisit, Visit } from "~/lib/forms/visit.server";
import { liftSuppression } from "~/lib/mail/suppressions.server";
import type { Signer } from "~/lib/secrets.server";

// Double opt-in (decision 007, app/lib/double-opt-in.server.ts). A sign-up is pending until the link in the confirmation
// email is followed and the page behind it confirmed with a click (a mail scanner that fetches the link changes
// nothing). Signing up again looks the same whatever the address's state, and re-sends a confirmation at most once an
// hour, or once after an unsubscribe. Unsubscribing takes one step.

export const CONFIRMATION_VALID_DAYS = 7;

interface UnsubscribeToken {
  s: number;
  /** A keyed hash of the address: a link made for one address never acts on another row with the same id. */
  e: string;
}

export interface NewsletterLinks extends ConfirmationLinks {
  unsubscribeUrl(subscriber: { id: number; email: string }): string;
  readUnsubscribe(token: string): { id: number; emailDigest: string } | "invalid";
}

export function newsletterLinks(siteUrl: string, confirmSigner: Signer, unsubscribeSigner: Signer): NewsletterLinks {
  // `s`: the subscriber's id, as the links in mailboxes carry it.
  const confirmation = confirmationLinks({
    siteUrl,
    path: "/newsletter/confirm",
    signer: confirmSigner,
    idKey: "s",
    validDays: CONFIRMATION_VALID_DAYS,
  });
  return {
    ...confirmation,
    unsubscribeUrl({ id, email }) {
      return `${siteUrl}/newsletter/unsubscribe?token=${unsubscribeSigner.sign({ s: id, e: confirmation.emailDigest(email) } satisfies UnsubscribeToken)}`;
    },
    readUnsubscribe(token) {
      const payload = unsubscribeSigner.verify<UnsubscribeToken>(token);
      if (!payload || typeof payload.s !== "number" || typeof payload.e !== "string") return "invalid";
      return { id: payload.s, emailDigest: payload.e };
    },
  };
}

export interface SignUp {
  email: string;
  source: string;
  /** The sentence the form showed next to the button, word for word. */
  consentText: string;
  /** A keyed hash of the address the sign-up came from: evidence of consent without keeping the address. */
  consentAddressHash: string;
  /** Where the visit that led to the sign-up came from; kept from the first sign-up of an address. */
  visit: Visit & Partial<LeadVisit>;
}

export interface Subscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  /** The consent stored with the sign-up: what the newsletter may send them (app/features/newsletter/topics.ts). */
  consentText?: string | null;
}

/** The newsletter's use of the double opt-in: the confirmation page is app/routes/newsletter.confirm.tsx. */
export const subscriptionOptIn = doubleOptIn({
  table: newsletterSubscribers,
  carries: ["consentText"],
  validDays: CONFIRMATION_VALID_DAYS,
  unsubscribed: { status: "unsubscribed", at: newsletterSubscribers.unsubscribedAt },
  // They asked again and proved the address is theirs and reads mail: off the do-not-mail list (decision 024).
  onConfirmed: (tx, subscriber) => liftSuppression(tx, subscriber.email),
});

/**
 * Stores a sign-up and returns the subscriber a confirmation email should go to now, or null when none should (already
 * confirmed, or a confirmation went out less than an hour ago and they have not unsubscribed since). The visitor's
 * answer is the same either way, and true either way (app/lib/forms/result.ts).
 */
export function signUp(tx: Transaction, signUp: SignUp, now = new Date()): Promise<Subscriber | null> {
  const consent = { consentText: signUp.consentText, consentAddressHash: signUp.consentAddressHash };
  return subscriptionOptIn.ask(
    tx,
    {
      values: { email: signUp.email, source: signUp.source, ...signUp.visit, ...consent },
      again: { source: signUp.source, unsubscribedAt: null, ...consent },
      existing: sql`lower(${newsletterSubscribers.email}) = lower(${signUp.email})`,
    },
    now,
  );
}

async function findByToken(db: Database | Transaction, id: number, emailDigest: string, links: NewsletterLinks) {
  const [row] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row && links.emailDigest(row.email) === emailDigest ? row : null;
}

export type LinkOutcome = "confirmed" | "already-confirmed" | "unsubscribed" | "already-unsubscribed" | "invalid" | "expired" | "gone";

/** Confirms the sign-up behind a valid link; `onConfirmed` runs in the same transaction (the welcome email). */
export function confirm(
  db: Database,
  token: string,
  links: NewsletterLinks,
  onConfirmed: (tx: Transaction, subscriber: Subscriber) => Promise<unknown>,
): Promise<LinkOutcome> {
  return subscriptionOptIn.confirm(db, token, links, { onConfirmed });
}

/** The subscriber an unsubscribe link names, without changing anything. */
export async function subscriberOf(db: Database, token: string, links: NewsletterLinks): Promise<Subscriber | "invalid" | "gone"> {
  const read = links.readUnsubscribe(token);
  if (read === "invalid") return "invalid";
  return (await findByToken(db, read.id, read.emailDigest, links)) ?? "gone";
}

/** One step, and the same answer however often it is taken. */
export async function unsubscribe(db: Database, token: string, links: NewsletterLinks): Promise<LinkOutcome> {
  const read = links.readUnsubscribe(token);
  if (read === "invalid") return "invalid";
  const subscriber = await findByToken(db, read.id, read.emailDigest, links);
  if (!subscriber) return "gone";
  if (subscriber.status === "unsubscribed") return "already-unsubscribed";
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(eq(newsletterSubscribers.id, subscriber.id));
  return "unsubscribed";
}

/** Sign-ups nobody confirmed within the link's life are deleted (the privacy policy says so). */
export const purgeUnconfirmed = (db: Database | Transaction, now = Date.now()) => subscriptionOptIn.purgeUnconfirmed(db, now);
