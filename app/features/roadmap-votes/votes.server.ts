// Votes on planned roadmap items (decision 036): cast without an account, counted once their confirmation link is followed
// (the double opt-in of app/lib/double-opt-in.server.ts, as the newsletter's sign-ups), one per address per item. A
// feature request the team linked to an item counts as its requester's vote. Keyed on the item's stable id.
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { featureRequests } from "~/features/leads/index.server";
import { roadmapVotes, type VoteStatus } from "./tables";
import { confirmationLinks, doubleOptIn, type ConfirmationLinks } from "~/lib/double-opt-in.server";
import type { Signer } from "~/lib/secrets.server";
import { notifyContentChanged } from "~/features/site-content/index.server";

export const VOTE_CONFIRMATION_VALID_DAYS = 7;

interface WithdrawToken {
  /** The roadmap item: a link withdraws from the one item it was sent about. */
  i: string;
  e: string;
}

export interface RoadmapVoteLinks extends ConfirmationLinks {
  /** The one-click unsubscribe of a shipped notice (./notices.server.ts): never expires, names no address. */
  withdrawUrl(support: { itemId: string; email: string }): string;
  readWithdraw(token: string): { itemId: string; emailDigest: string } | "invalid";
}

export function roadmapVoteLinks(siteUrl: string, signer: Signer, withdrawSigner: Signer): RoadmapVoteLinks {
  // `v`: the vote's id, as the links in mailboxes carry it; a link confirms the one vote it was made for.
  const confirmation = confirmationLinks({
    siteUrl,
    path: "/roadmap/vote/confirm",
    signer,
    idKey: "v",
    validDays: VOTE_CONFIRMATION_VALID_DAYS,
  });
  return {
    ...confirmation,
    withdrawUrl({ itemId, email }) {
      return `${siteUrl}/roadmap/withdraw?token=${withdrawSigner.sign({ i: itemId, e: confirmation.emailDigest(email) } satisfies WithdrawToken)}`;
    },
    readWithdraw(token) {
      const payload = withdrawSigner.verify<WithdrawToken>(token);
      if (!payload || typeof payload.i !== "string" || typeof payload.e !== "string") return "invalid";
      return { itemId: payload.i, emailDigest: payload.e };
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

/** The votes' use of the double opt-in: the confirmation page is app/routes/roadmap.vote.confirm.tsx. */
export const voteOptIn = doubleOptIn({
  table: roadmapVotes,
  carries: ["itemId"],
  validDays: VOTE_CONFIRMATION_VALID_DAYS,
  // Every instance then renders /roadmap again with the new count: the count is part of the page's content, so it goes
  // on the channel that drops cached pages of edited content (decision 035).
  onConfirmed: (tx) => notifyContentChanged(tx),
});

/**
 * Stores a vote and returns the one a confirmation e-mail should go to now, or null (already confirmed, or asked less
 * than an hour ago). The visitor's answer is the same either way: it tells nobody whether an address voted.
 */
export function castVote(tx: Transaction, cast: VoteCast, now = new Date()): Promise<Vote | null> {
  const { name, note, consentText, consentAddressHash } = cast;
  return voteOptIn.ask(
    tx,
    {
      values: cast,
      again: { name, note, consentText, consentAddressHash },
      existing: sql`${roadmapVotes.itemId} = ${cast.itemId} AND lower(${roadmapVotes.email}) = lower(${cast.email})`,
    },
    now,
  );
}

/** What a confirmation link leads to, without changing anything (a mail scanner may fetch it; the page asks for the click). */
export const inspectVoteConfirmation = (db: Database, token: string, links: RoadmapVoteLinks) => voteOptIn.inspect(db, token, links);

/** Confirms the one vote the link names; its count changes on /roadmap on every instance. */
export const confirmVote = (db: Database, token: string, links: RoadmapVoteLinks, now = new Date()) =>
  voteOptIn.confirm(db, token, links, { now });

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
export const purgeUnconfirmedVotes = (db: Database | Transaction, now = Date.now()) => voteOptIn.purgeUnconfirmed(db, now);

/** How long a confirmed vote with a note stays on Today as a new hand-raiser (decision 044): it has no stage to move on. */
export const NOTED_VOTE_DAYS = 14;

/** Confirmed votes that came with a note since a moment, oldest first: hands raised on the roadmap (Today, decision 044). */
export async function notedVotes(db: Database, since: Date) {
  const rows = rowsOf<{ email: string; name: string | null; note: string; item_id: string; confirmed_at: string | Date }>(
    await db.execute(sql`SELECT email, name, note, item_id, confirmed_at FROM ${roadmapVotes}
      WHERE ${roadmapVotes.status} = 'confirmed' AND btrim(coalesce(${roadmapVotes.note}, '')) <> ''
        AND ${roadmapVotes.confirmedAt} >= ${since.toISOString()}::timestamptz
      ORDER BY ${roadmapVotes.confirmedAt}, ${roadmapVotes.id} LIMIT 200`),
  );
  return rows.map((row) => ({ email: row.email, name: row.name, note: row.note, itemId: row.item_id, at: new Date(row.confirmed_at) }));
}
