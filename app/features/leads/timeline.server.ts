import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db/client.server";
import { auditLog, operators } from "~/lib/db/schema/console";
import { consolePaths } from "~/lib/console/paths";
import type { TimelineEvent } from "~/lib/console/timeline";
import { normalizeAddress } from "~/lib/jobs/outbox-about.server";
import { LEAD_KIND_LABELS, LEAD_STAGE_LABELS, isLeadKind, type LeadKind, type LeadNote, type LeadStage } from "./kinds";
import { contactRequests, demoLeads, featureRequests, newsletterSubscribers, resourceLeads } from "./tables";

// The leads' part of a person's story (decision 045): each form they sent, what became of their newsletter sign-up,
// and what the team did to each of their leads (notes from the lead's row; stage moves and owner changes from the audit
// log, which records them with the lead's kind and id). Meetings, votes and mails are told by their own features.

type Lead = { kind: LeadKind; id: number };

const sameAddress = (column: AnyPgColumn, email: string) => eq(sql`lower(${column})`, normalizeAddress(email));

type LeadTable = typeof contactRequests | typeof featureRequests | typeof resourceLeads | typeof newsletterSubscribers | typeof demoLeads;
const pipeline = (table: LeadTable) => ({ id: table.id, notes: table.notes });

/** "the contact request": which of the person's leads an event is about, when the page is another's. */
const which = (lead: Lead, current: Lead) =>
  lead.kind === current.kind && lead.id === current.id ? null : `on their ${LEAD_KIND_LABELS[lead.kind].one.toLowerCase()}`;

const linkTo = (lead: Lead, current: Lead) =>
  lead.kind === current.kind && lead.id === current.id
    ? {}
    : { href: consolePaths.lead(lead.kind, lead.id), hrefLabel: `Open the ${LEAD_KIND_LABELS[lead.kind].one.toLowerCase()}` };

/** Everything the leads hold about an address, as events (unsorted); `current` is the lead whose page shows them. */
export async function leadTimeline(db: Database, email: string, current: Lead): Promise<TimelineEvent[]> {
  const [contacts, requests, downloads, subscriptions, demos] = await Promise.all([
    db
      .select({ ...pipeline(contactRequests), at: contactRequests.createdAt, message: contactRequests.message })
      .from(contactRequests)
      .where(sameAddress(contactRequests.email, email)),
    db
      .select({
        ...pipeline(featureRequests),
        at: featureRequests.createdAt,
        title: featureRequests.featureTitle,
        description: featureRequests.description,
      })
      .from(featureRequests)
      .where(sameAddress(featureRequests.email, email)),
    db
      .select({ ...pipeline(resourceLeads), at: resourceLeads.downloadedAt, title: resourceLeads.resourceTitle })
      .from(resourceLeads)
      .where(sameAddress(resourceLeads.email, email)),
    db
      .select({
        ...pipeline(newsletterSubscribers),
        at: newsletterSubscribers.createdAt,
        source: newsletterSubscribers.source,
        status: newsletterSubscribers.status,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(sameAddress(newsletterSubscribers.email, email)),
    db.select(pipeline(demoLeads)).from(demoLeads).where(sameAddress(demoLeads.email, email)),
  ]);
  const events: TimelineEvent[] = [];
  const own = (kind: LeadKind, id: number) => {
    const lead = { kind, id };
    return { mine: kind === current.kind && id === current.id, link: linkTo(lead, current) };
  };

  for (const row of contacts) {
    const { mine, link } = own("contact", row.id);
    events.push({
      at: row.at,
      kind: "lead:contact",
      actor: "person",
      title: "Sent the contact form",
      quote: mine ? null : row.message,
      ...link,
    });
  }
  for (const row of requests) {
    const { mine, link } = own("feature-request", row.id);
    events.push({
      at: row.at,
      kind: "lead:feature-request",
      actor: "person",
      title: `Asked for a feature: ${row.title}`,
      quote: mine ? null : row.description,
      ...link,
    });
  }
  for (const row of downloads) {
    events.push({ at: row.at, kind: "lead:download", actor: "person", title: `Downloaded ${row.title}`, ...own("download", row.id).link });
  }
  for (const row of subscriptions) {
    const { link } = own("newsletter", row.id);
    events.push({
      at: row.at,
      kind: "newsletter:signed-up",
      actor: "person",
      title: "Signed up for the newsletter",
      detail: `on ${row.source}${row.status === "pending" ? ", not confirmed yet" : ""}`,
      ...link,
    });
    if (row.confirmedAt) {
      events.push({ at: row.confirmedAt, kind: "newsletter:confirmed", actor: "person", title: "Confirmed the newsletter sign-up" });
    }
    if (row.unsubscribedAt) {
      events.push({ at: row.unsubscribedAt, kind: "newsletter:unsubscribed", actor: "person", title: "Unsubscribed from the newsletter" });
    }
  }

  const leads: { lead: Lead; notes: LeadNote[] }[] = [
    ...contacts.map((row) => ({ lead: { kind: "contact" as const, id: row.id }, notes: row.notes })),
    ...requests.map((row) => ({ lead: { kind: "feature-request" as const, id: row.id }, notes: row.notes })),
    ...downloads.map((row) => ({ lead: { kind: "download" as const, id: row.id }, notes: row.notes })),
    ...subscriptions.map((row) => ({ lead: { kind: "newsletter" as const, id: row.id }, notes: row.notes })),
    ...demos.map((row) => ({ lead: { kind: "demo" as const, id: row.id }, notes: row.notes })),
  ];
  for (const { lead, notes } of leads) {
    for (const note of notes) {
      events.push({
        at: new Date(note.at),
        kind: "team:note",
        actor: "team",
        title: "Note",
        quote: note.text,
        detail: [`by ${note.by ?? "an earlier operator"}`, which(lead, current)].filter(Boolean).join(" "),
        ...linkTo(lead, current),
      });
    }
  }
  events.push(
    ...(await teamChanges(
      db,
      leads.map(({ lead }) => lead),
      current,
    )),
  );
  return events;
}

/** The stage moves and owner changes of these leads, from the audit log's lines (read by the lead, on its own index). */
async function teamChanges(db: Database, leads: Lead[], current: Lead): Promise<TimelineEvent[]> {
  if (leads.length === 0) return [];
  const kind = sql`${auditLog.detail}->>'kind'`;
  const id = sql`${auditLog.detail}->>'id'`;
  const rows = await db
    .select({
      at: auditLog.createdAt,
      actor: auditLog.actor,
      action: auditLog.action,
      detail: auditLog.detail,
      ownerEmail: operators.email,
    })
    .from(auditLog)
    .leftJoin(operators, and(eq(auditLog.action, "lead-owner"), eq(sql`${operators.id}::text`, sql`${auditLog.detail}->>'owner'`)))
    .where(
      and(
        inArray(auditLog.action, ["lead-stage", "lead-owner"]),
        or(...leads.map((lead) => and(eq(kind, lead.kind), eq(id, String(lead.id))))),
      ),
    );
  return rows.flatMap((row): TimelineEvent[] => {
    const leadKind = row.detail.kind;
    if (!isLeadKind(leadKind)) return [];
    const lead = { kind: leadKind, id: Number(row.detail.id) };
    const where = which(lead, current);
    if (row.action === "lead-stage") {
      const to = row.detail.stage as LeadStage;
      const from = row.detail.from as LeadStage | undefined;
      return [
        {
          at: row.at,
          kind: "team:stage",
          actor: "team",
          title: `Moved to ${LEAD_STAGE_LABELS[to] ?? to}`,
          detail: [from ? `from ${LEAD_STAGE_LABELS[from] ?? from},` : null, `by ${row.actor}`, where].filter(Boolean).join(" "),
          ...linkTo(lead, current),
        },
      ];
    }
    const nobody = row.detail.owner === "nobody";
    return [
      {
        at: row.at,
        kind: "team:owner",
        actor: "team",
        title: nobody ? "Owner removed" : `Given to ${row.ownerEmail ?? "a former account"}`,
        detail: [`by ${row.actor}`, where].filter(Boolean).join(" "),
        ...linkTo(lead, current),
      },
    ];
  });
}
