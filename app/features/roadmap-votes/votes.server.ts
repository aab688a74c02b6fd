// Votes on planned roadmap items (issue 37): cast without an account, counted once their confirmation link is followed
// (the newsletter's double opt-in, app/features/newsletter/subscribers.server.ts), one per address per item. A feature
// request the team linked to an item counts as its requester's vote. Keyed on the item's stable id.
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { featureRequests } from "~/features/leads/index.server";
import { roadmapVotes, type VoteStatus } from "./tables";
import type { Signer } from "~/lib/secrets.server";
import { notifyContentChanged } from "~/features/site-content/index.server";
import { RESEND_AFTER_MS } from "~/lib/mail/resend-window";

export const VOTE_CONFIRMATION_VALID_DAYS = 7;
const DAY_MS = 86_400_000;

interface VoteToken {
  /** The vote's id: a link confirms the one vote it was made for. */
  v: number;
  /** A keyed hash of the address: a link never acts on another row that later took the same id. */
  e: string;
  x: number;
}

interface WithdrawToken {
  /** The roadmap item: a link withdraws from the one item it was sent about. */
  i: string;
  e: string;
}

export interface RoadmapVoteLinks {
  confirmUrl(vote: { id: number; email: string }, now?: number): string;
  readConfirm(token: string, now?: number): { id: number; emailDigest: string } | "invalid" | "expired";
  /** The one-click unsubscribe of a shipped notice (./notices.server.ts): never expires, names no address. */
  withdrawUrl(support: { itemId: string; email: string }): string;
  readWithdraw(token: string): { itemId: string; emailDigest: string } | "invalid";
  emailDigest(email: string): string;
}

export function roadmapVoteLinks(siteUrl: string, signer: Signer, withdrawSigner: Signer): RoadmapVoteLinks {
  const emailDigest = (email: string) => signer.digest(email.trim().toLowerCase());
  return {
    emailDigest,
    withdrawUrl({ itemId, email }) {
      return `${siteUrl}/roadmap/withdraw?token=${withdrawSigner.sign({ i: itemId, e: emailDigest(email) } satisfies WithdrawToken)}`;
    },
    readWithdraw(token) {
      const payload = withdrawSigner.verify<WithdrawToken>(token);
      if (!payload || typeof payload.i !== "string" || typeof payload.e !== "string") return "invalid";
      return { itemId: payload.i, emailDigest: payload.e };
    },
    confirmUrl({ id, email }, now = Date.now()) {
      const token = signer.sign({ v: id, e: emailDigest(email), x: now + VOTE_CONFIRMATION_VALID_DAYS * DAY_MS } satisfies VoteToken);
      return `${siteUrl}/roadmap/vote/confirm?token=${token}`;
    },
    readConfirm(token, now = Date.now()) {
      const payload = signer.verify<VoteToken>(token);
      if (!payload || typeof payload.v !== "number" || typeof payload.e !== "string" || typeof payload.x !== "number") return "invalid";
      return payload.x < now ? "expired" : { id: payload.v, emailDigest: payload.e };
    },
  };
}

export interface VoteCast {
  itemId: string;
  email: string;
  name: string | null;
  note: string | null;
  /** The consent line the form showed, word for word. */
  consentText: string;
  consentAddressHash: string;
}

export interface Vote {
  id: number;
  itemId: string;
  email: string;
  status: VoteStatus;
}

const voteColumns = { id: roadmapVotes.id, itemId: roadmapVotes.itemId, email: roadmapVotes.email, status: roadmapVotes.status };

/**
 * Stores a vote and returns the one a confirmation e-mail should go to now, or null (already confirmed, or asked less
 * than an hour ago). The visitor's answer is the same either way: it tells nobody whether an address voted.
 */
export async function castVote(tx: Transaction, cast: VoteCast, now = new Date()): Promise<Vote | null> {
  const [created] = await tx
    .insert(roadmapVotes)
    .values({ ...cast, status: "pending", confirmationSentAt: now })
    .onConflictDoNothing()
    .returning(voteColumns);
  if (created) return created;
  const { confirmationSentAt } = roadmapVotes;
  const [again] = await tx
    .update(roadmapVotes)
    .set({
      name: cast.name,
      note: cast.note,
      consentText: cast.consentText,
      consentAddressHash: cast.consentAddressHash,
      confirmationSentAt: now,
    })
    .where(
      and(
        eq(roadmapVotes.itemId, cast.itemId),
        sql`lower(${roadmapVotes.email}) = lower(${cast.email})`,
        eq(roadmapVotes.status, "pending"),
        or(sql`${confirmationSentAt} IS NULL`, lt(confirmationSentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
      ),
    )
    .returning(voteColumns);
  return again ?? null;
}

async function findByToken(db: Database | Transaction, id: number, emailDigest: string, links: RoadmapVoteLinks) {
  const [row] = await db.select(voteColumns).from(roadmapVotes).where(eq(roadmapVotes.id, id));
  return row && links.emailDigest(row.email) === emailDigest ? row : null;
}

export type VoteLinkOutcome = "confirmed" | "already-confirmed" | "invalid" | "expired" | "gone";

/** What a confirmation link leads to, without changing anything (a mail scanner may fetch it; the page asks for the click). */
export async function inspectVoteConfirmation(db: Database, token: string, links: RoadmapVoteLinks) {
  const read = links.readConfirm(token);
  if (typeof read === "string") return { outcome: read } as const;
  const vote = await findByToken(db, read.id, read.emailDigest, links);
  if (!vote) return { outcome: "gone" } as const;
  if (vote.status === "confirmed") return { outcome: "already-confirmed", vote } as const;
  return { outcome: "pending", vote } as const;
}

/**
 * Confirms the one vote the link names. Every instance then renders /roadmap again with the new count: the count is
 * part of the page's content, so it goes on the channel that drops cached pages of edited content (decision 035).
 */
export async function confirmVote(db: Database, token: string, links: RoadmapVoteLinks, now = new Date()): Promise<VoteLinkOutcome> {
  const read = links.readConfirm(token, now.getTime());
  if (typeof read === "string") return read;
  return db.transaction(async (tx) => {
    const vote = await findByToken(tx, read.id, read.emailDigest, links);
    if (!vote) return "gone";
    const [confirmed] = await tx
      .update(roadmapVotes)
      .set({ status: "confirmed", confirmedAt: now })
      .where(and(eq(roadmapVotes.id, vote.id), eq(roadmapVotes.status, "pending")))
      .returning({ id: roadmapVotes.id });
    if (!confirmed) return "already-confirmed";
    await notifyContentChanged(tx);
    return "confirmed";
  });
}

/**
 * How many people want each item: the addresses of its confirmed votes and of the feature requests linked to it, each
 * address once (a requester who also voted counts once).
 */
export async function voteCounts(db: Database | Transaction): Promise<Record<string, number>> {
  const rows = rowsOf<{ item_id: string; n: number }>(
    await db.execute(sql`
    SELECT item_id, count(DISTINCT address)::int AS n FROM (
      SELECT ${roadmapVotes.itemId} AS item_id, lower(${roadmapVotes.email}) AS address FROM ${roadmapVotes}
        WHERE ${roadmapVotes.status} = 'confirmed'
      UNION
      SELECT ${featureRequests.roadmapItemId}, lower(${featureRequests.email}) FROM ${featureRequests}
        WHERE ${featureRequests.roadmapItemId} IS NOT NULL
    ) AS wanted GROUP BY item_id`),
  );
  return Object.fromEntries(rows.map((row) => [row.item_id, Number(row.n)]));
}

/** Votes nobody confirmed within the link's life are deleted (the privacy policy says so). */
export async function purgeUnconfirmedVotes(db: Database | Transaction, now = Date.now()) {
  const cutoff = new Date(now - VOTE_CONFIRMATION_VALID_DAYS * DAY_MS);
  const deleted = await db
    .delete(roadmapVotes)
    .where(
      and(
        eq(roadmapVotes.status, "pending"),
        sql`coalesce(${roadmapVotes.confirmationSentAt}, ${roadmapVotes.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: roadmapVotes.id });
  return deleted.length;
}
