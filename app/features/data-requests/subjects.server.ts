import { eq, getTableColumns, or, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { contactRequests, demoLeads, featureRequests, newsletterSubscribers, resourceLeads } from "~/features/leads/index.server";
import { demoBookingEvents, demoBookings } from "~/features/bookings/index.server";
import { emailSoftBounces, emailSuppressions, outbox } from "~/lib/db/schema/outbox";
import { newsletterDeliveries } from "~/features/newsletter/index.server";
import { roadmapNoticeDeliveries, roadmapVotes, roadmapWithdrawals } from "~/features/roadmap-votes/index.server";
import { spamPosts } from "~/lib/db/schema/forms";
import { eraseMailFiles, mailFilesAbout } from "~/lib/mail/mail-files.server";
import { recordAudit } from "~/lib/console/audit.server";
import { containsPattern } from "~/lib/db/like";
import { normalizeAddress, outboxAbout } from "~/lib/jobs/outbox-about.server";

// Data-subject requests: everything stored about one email address, in every place the site writes it (the five lead
// tables and a demo's bookings, the roadmap votes, the outbox, the posts held as spam, the do-not-mail list and its soft-bounce counts, the .eml files written without SMTP_URL, the sign-in counter's keyed hash), to show, to hand over
// as JSON and to erase. Addresses match whatever their case. The audit log records that it happened and how many rows
// and files, never the address.

type Executor = Pick<Database, "select" | "delete">;

const byEmail = (column: AnyPgColumn) => (address: string) => eq(sql`lower(${column})`, address);
const ofDemoLead = (leadId: AnyPgColumn, address: string) =>
  sql`${leadId} IN (SELECT id FROM ${demoLeads} WHERE lower(${demoLeads.email}) = ${address})`;

/** Every table a visitor's address can be in, by its SQL name, with the rows that are about it. */
const SUBJECT_TABLES = {
  contact_requests: { table: contactRequests, about: byEmail(contactRequests.email) },
  feature_requests: { table: featureRequests, about: byEmail(featureRequests.email) },
  // Which issues went (or are going) to the address: before the subscription, whose erasure would take them along.
  newsletter_deliveries: {
    table: newsletterDeliveries,
    about: (address: string) =>
      sql`${newsletterDeliveries.subscriberId} IN (SELECT id FROM ${newsletterSubscribers} WHERE lower(${newsletterSubscribers.email}) = ${address})`,
  },
  newsletter_subscribers: { table: newsletterSubscribers, about: byEmail(newsletterSubscribers.email) },
  resource_leads: { table: resourceLeads, about: byEmail(resourceLeads.email) },
  // Their votes on the roadmap, confirmed or not, with the consent each one recorded.
  roadmap_votes: { table: roadmapVotes, about: byEmail(roadmapVotes.email) },
  // Which shipped items' notices went (or are going) to the address, and the items it withdrew from.
  roadmap_notice_deliveries: { table: roadmapNoticeDeliveries, about: byEmail(roadmapNoticeDeliveries.email) },
  roadmap_withdrawals: { table: roadmapWithdrawals, about: byEmail(roadmapWithdrawals.email) },
  // A demo's deliveries and bookings, then the demo itself (docs/decisions/028).
  demo_booking_events: { table: demoBookingEvents, about: (address: string) => ofDemoLead(demoBookingEvents.leadId, address) },
  demo_bookings: { table: demoBookings, about: (address: string) => ofDemoLead(demoBookings.leadId, address) },
  demo_leads: { table: demoLeads, about: byEmail(demoLeads.email) },
  outbox: { table: outbox, about: outboxAbout },
  // A held post names the address in its email field, or anywhere in what it posted.
  spam_posts: {
    table: spamPosts,
    about: (address: string) =>
      or(eq(sql`lower(${spamPosts.email})`, address), sql`${spamPosts.fields}::text ILIKE ${containsPattern(JSON.stringify(address))}`),
  },
  // Stored already lower-cased (mail/suppressions.server.ts).
  email_suppressions: { table: emailSuppressions, about: (address: string) => eq(emailSuppressions.email, address) },
  email_soft_bounces: { table: emailSoftBounces, about: (address: string) => eq(emailSoftBounces.email, address) },
} satisfies Record<string, { table: PgTable; about: (address: string) => ReturnType<typeof eq> | undefined }>;

export type SubjectTable = keyof typeof SUBJECT_TABLES;
export const SUBJECT_TABLE_NAMES = Object.keys(SUBJECT_TABLES) as SubjectTable[];

export type SubjectRecords = Record<SubjectTable, Record<string, unknown>[]>;

/** A row keyed by its SQL column names, as `npm run db:export` names them. */
function bySqlName(table: PgTable, row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, row[key] ?? null]));
}

export async function subjectRecords(db: Executor, email: string): Promise<SubjectRecords> {
  const address = normalizeAddress(email);
  const records = {} as SubjectRecords;
  for (const name of SUBJECT_TABLE_NAMES) {
    const { table, about } = SUBJECT_TABLES[name];
    const rows = (await db.select().from(table).where(about(address))) as Record<string, unknown>[];
    records[name] = rows.map((row) => bySqlName(table, row));
  }
  return records;
}

export const countsOf = (records: SubjectRecords) =>
  Object.fromEntries(SUBJECT_TABLE_NAMES.map((name) => [name, records[name].length])) as Record<SubjectTable, number>;

export const totalOf = (counts: Record<SubjectTable, number>) => Object.values(counts).reduce((sum, rows) => sum + rows, 0);

/** The places besides the tables: the mail folder (null when mail goes to an SMTP server) and the sign-in counter. */
export interface SubjectPlaces {
  mailFileDir?: string | null | undefined;
  /** Forgets the address's failed sign-ins (a keyed hash of it); how many counter rows went. */
  forgetSignIns?: ((address: string) => Promise<number>) | undefined;
}

export interface Erasure {
  rows: Record<SubjectTable, number>;
  /** .eml files in the mail folder that named the address or were written for an erased job. */
  mailFiles: number;
  signInCounters: number;
}

/** The mail files about the address, by name, for the look-up and the confirmation. */
export async function subjectMailFiles(places: SubjectPlaces, email: string): Promise<string[]> {
  return places.mailFileDir ? mailFilesAbout(places.mailFileDir, normalizeAddress(email)) : [];
}

/**
 * Deletes every row about the address in one transaction, then the mail files that name it or were written for a job
 * just deleted (after the rows, so no pending job writes another), then its sign-in counts; records how many of each
 * in the audit log.
 */
export async function eraseSubject(db: Database, email: string, actor: string, places: SubjectPlaces = {}): Promise<Erasure> {
  const address = normalizeAddress(email);
  const jobIds: number[] = [];
  const rows = await db.transaction(async (tx) => {
    const counts = {} as Record<SubjectTable, number>;
    for (const name of SUBJECT_TABLE_NAMES) {
      const { table, about } = SUBJECT_TABLES[name];
      // Every table but the do-not-mail ones (keyed by the address) has an id; the outbox's name the mail files.
      const deleted = await tx
        .delete(table)
        .where(about(address))
        .returning({ id: name === "outbox" ? sql<number>`id` : sql<number>`1` });
      if (name === "outbox") jobIds.push(...deleted.map((row) => Number(row.id)));
      counts[name] = deleted.length;
    }
    return counts;
  });
  const erasure: Erasure = { rows, mailFiles: 0, signInCounters: 0 };
  try {
    if (places.mailFileDir) erasure.mailFiles = await eraseMailFiles(places.mailFileDir, address, jobIds);
    if (places.forgetSignIns) erasure.signInCounters = await places.forgetSignIns(address);
  } finally {
    await recordAudit(db, actor, "erasure", { ...erasure });
  }
  return erasure;
}

/** The JSON a data subject receives: what is stored about them, table by table, with the time of the export. */
export function subjectJson(email: string, records: SubjectRecords, now = new Date()) {
  return JSON.stringify({ address: normalizeAddress(email), exportedAt: now.toISOString(), tables: records }, null, 2);
}
