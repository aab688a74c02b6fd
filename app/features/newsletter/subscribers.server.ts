import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { newsletterSubscribers, type SubscriberStatus } from "~/features/leads/index.server";
import type { LeadVisit, Visit } from "~/lib/forms/visit.server";
import { liftSuppression } from "~/lib/mail/suppressions.server";
import type { Signer } from "~/lib/secrets.server";
import { RESEND_AFTER_MS } from "~/lib/mail/resend-window";

// Double opt-in (decision 007). A sign-up is pending until the link in the confirmation email is followed and the page
// behind it confirmed with a click (a mail scanner that fetches the link changes nothing). Signing up again looks the
// same whatever the address's state, and re-sends a confirmation at most once an hour, or once after an unsubscribe.
// Unsubscribing takes one step.

export const CONFIRMATION_VALID_DAYS = 7;
const DAY_MS = 86_400_000;

interface ConfirmToken {
  s: number;
  /** A keyed hash of the address: a link made for one address never acts on another row with the same id. */
  e: string;
  x: number;
}
type UnsubscribeToken = Omit<ConfirmToken, "x">;

export interface NewsletterLinks {
  confirmUrl(subscriber: { id: number; email: string }, now?: number): string;
  unsubscribeUrl(subscriber: { id: number; email: string }): string;
  readConfirm(token: string, now?: number): { id: number; emailDigest: string } | "invalid" | "expired";
  readUnsubscribe(token: string): { id: number; emailDigest: string } | "invalid";
  emailDigest(email: string): string;
}

export function newsletterLinks(siteUrl: string, confirmSigner: Signer, unsubscribeSigner: Signer): NewsletterLinks {
  const emailDigest = (email: string) => confirmSigner.digest(email.trim().toLowerCase());
  return {
    emailDigest,
    confirmUrl({ id, email }, now = Date.now()) {
      const token = confirmSigner.sign({ s: id, e: emailDigest(email), x: now + CONFIRMATION_VALID_DAYS * DAY_MS } satisfies ConfirmToken);
      return `${siteUrl}/newsletter/confirm?token=${token}`;
    },
    unsubscribeUrl({ id, email }) {
      return `${siteUrl}/newsletter/unsubscribe?token=${unsubscribeSigner.sign({ s: id, e: emailDigest(email) } satisfies UnsubscribeToken)}`;
    },
    readConfirm(token, now = Date.now()) {
      const payload = confirmSigner.verify<ConfirmToken>(token);
      if (!payload || typeof payload.s !== "number" || typeof payload.e !== "string" || typeof payload.x !== "number") return "invalid";
      return payload.x < now ? "expired" : { id: payload.s, emailDigest: payload.e };
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

/**
 * Stores a sign-up and returns the subscriber a confirmation email should go to now, or null when none should (already
 * confirmed, or a confirmation went out less than an hour ago and they have not unsubscribed since). The visitor's
 * answer is the same either way, and true either way (app/lib/forms/result.ts).
 */
export async function signUp(tx: Transaction, signUp: SignUp, now = new Date()): Promise<Subscriber | null> {
  const consent = { consentText: signUp.consentText, consentAddressHash: signUp.consentAddressHash, confirmationSentAt: now };
  const [created] = await tx
    .insert(newsletterSubscribers)
    .values({ email: signUp.email, source: signUp.source, status: "pending", ...signUp.visit, ...consent })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status });
  if (created) return created;

  // The address is known: ask again if it is not subscribed and was not asked within the hour, or if it unsubscribed
  // since it was last asked (leaving takes the subscriber's own link, so nobody else can make that happen twice).
  const { status, confirmationSentAt, unsubscribedAt } = newsletterSubscribers;
  const [again] = await tx
    .update(newsletterSubscribers)
    .set({ status: "pending", source: signUp.source, unsubscribedAt: null, ...consent })
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = lower(${signUp.email})`,
        or(
          and(
            or(eq(status, "pending"), eq(status, "unsubscribed")),
            or(sql`${confirmationSentAt} IS NULL`, lt(confirmationSentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
          ),
          and(eq(status, "unsubscribed"), sql`${confirmationSentAt} < ${unsubscribedAt}`),
        ),
      ),
    )
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status });
  return again ?? null;
}

async function findByToken(db: Database | Transaction, id: number, emailDigest: string, links: NewsletterLinks) {
  const [row] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row && links.emailDigest(row.email) === emailDigest ? row : null;
}

export type LinkOutcome = "confirmed" | "already-confirmed" | "unsubscribed" | "already-unsubscribed" | "invalid" | "expired" | "gone";

/** What a confirmation link leads to, without changing anything (the page shows it and asks for the click). */
export async function inspectConfirmation(db: Database, token: string, links: NewsletterLinks) {
  const read = links.readConfirm(token);
  if (typeof read === "string") return { outcome: read } as const;
  const subscriber = await findByToken(db, read.id, read.emailDigest, links);
  if (!subscriber) return { outcome: "gone" } as const;
  if (subscriber.status === "confirmed") return { outcome: "already-confirmed", subscriber } as const;
  if (subscriber.status === "unsubscribed") return { outcome: "gone" } as const;
  return { outcome: "pending", subscriber } as const;
}

/** Confirms the sign-up behind a valid link; `onConfirmed` runs in the same transaction (the welcome email). */
export async function confirm(
  db: Database,
  token: string,
  links: NewsletterLinks,
  onConfirmed: (tx: Transaction, subscriber: Subscriber) => Promise<unknown>,
): Promise<LinkOutcome> {
  const read = links.readConfirm(token);
  if (typeof read === "string") return read;
  return db.transaction(async (tx) => {
    const subscriber = await findByToken(tx, read.id, read.emailDigest, links);
    if (!subscriber || subscriber.status === "unsubscribed") return "gone";
    if (subscriber.status === "confirmed") return "already-confirmed";
    const [confirmed] = await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: new Date() })
      .where(and(eq(newsletterSubscribers.id, subscriber.id), eq(newsletterSubscribers.status, "pending")))
      .returning({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        consentText: newsletterSubscribers.consentText,
      });
    if (!confirmed) return "already-confirmed";
    // They asked again and proved the address is theirs and reads mail: off the do-not-mail list (decision 024).
    await liftSuppression(tx, confirmed.email);
    await onConfirmed(tx, confirmed);
    return "confirmed";
  });
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
export async function purgeUnconfirmed(db: Database | Transaction, now = Date.now()) {
  const cutoff = new Date(now - CONFIRMATION_VALID_DAYS * DAY_MS);
  const deleted = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        // A Date inside raw SQL is not serialised by every driver (postgres-js); an ISO string with a cast is.
        sql`coalesce(${newsletterSubscribers.confirmationSentAt}, ${newsletterSubscribers.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return deleted.length;
}
