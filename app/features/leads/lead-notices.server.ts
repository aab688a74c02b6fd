import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { resourceUrl, type ResourceFile } from "~/content/resources";
import type { FormName } from "~/lib/forms/names";
import { FORM_MESSAGES } from "~/lib/forms/result";
import { enqueue, type OutboxJob } from "~/lib/jobs/outbox.server";
import type { JobWordsTable } from "~/lib/jobs/job-words";
import { outbox } from "~/lib/db/schema/outbox";
import { mailJob } from "~/lib/mail/mail-job";
import { RESEND_AFTER_MS } from "~/lib/mail/resend-window";
import type { LeadMails } from "./mails";
import { FOLLOW_UP_JOB } from "./follow-up.server";

// What the site sends when a lead arrives, as outbox jobs written in the lead's own transaction: the visitor's email,
// the team's notification (Reply-To the visitor) and, when configured, the signed webhook.

export type NotifiedForm = Exclude<FormName, "newsletter" | "roadmap-vote"> | "demo";

export interface NoticeSettings {
  siteUrl: string;
  /** Who hears of each kind of lead. */
  notifyEmails: Record<NotifiedForm, string[]>;
  /** Whether a webhook is configured (its address and secret are read when the job is delivered). */
  webhook: boolean;
}

export interface ContactLead {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  companyName: string | null;
  message: string;
}

export interface FeatureLead {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  company: string | null;
  featureTitle: string;
  description: string;
  useCase: string | null;
}

export interface DownloadLead {
  id: number;
  downloadedAt: Date;
  name: string;
  email: string;
  resource: ResourceFile;
}

/** A demo booked with the booking service (app/features/bookings/): the meeting, stored in UTC. */
export interface DemoLead {
  id: number;
  bookedAt: Date;
  name: string | null;
  email: string;
  company: string | null;
  answers: Record<string, string>;
  meetingAt: Date | null;
  host: string | null;
  eventName: string | null;
}

export interface LeadNotices {
  contactRequest(tx: Transaction, lead: ContactLead): Promise<unknown>;
  featureRequest(tx: Transaction, lead: FeatureLead): Promise<unknown>;
  downloadLead(tx: Transaction, lead: DownloadLead): Promise<unknown>;
  /** The team's notice of a demo booked; the visitor hears from the booking service, not from us. */
  demoBooked(tx: Transaction, lead: DemoLead): Promise<unknown>;
  /** Tells the worker there is work, once the transaction has committed. */
  wake(): void;
}

const WEBHOOK_EVENTS = ["contact_request", "feature_request", "download_lead", "demo_booked"] as const;

/** What the webhook receives for a lead; the same fields the team's email shows. */
export interface WebhookEvent {
  type: (typeof WEBHOOK_EVENTS)[number];
  id: number;
  createdAt: string;
  [field: string]: unknown;
}

const leadMail = mailJob<LeadMails>;

/** The console's words for a lead's jobs that are not mails (decision 045; the mails word themselves in ./mails.tsx). */
export const leadJobWords: JobWordsTable = {
  ...Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      `webhook:${type}`,
      { told: "Sent to the team's webhook", what: "the team's webhook call", to: "team" } as const,
    ]),
  ),
  [FOLLOW_UP_JOB]: { told: "Follow-up day reached", what: "the follow-up day's check", to: "owner" },
};

/**
 * One field of a lead, listed once for both of its readers: the team's email shows it under its label (an empty one
 * left out; no label, not shown), the webhook sends it under its key (null as null).
 */
type LeadField = [label: string | null, key: string, value: string | null];

const labelled = (fields: LeadField[]) =>
  fields.flatMap(([label, , value]): [string, string][] => (label !== null && value ? [[label, value]] : []));
const keyed = (fields: LeadField[]) => Object.fromEntries(fields.map(([, key, value]) => [key, value]));

export function createLeadNotices(settings: NoticeSettings, wake: () => void = () => {}): LeadNotices {
  const team = (form: NotifiedForm, title: string, visitor: { name: string | null; email: string }, fields: LeadField[], at: Date) =>
    settings.notifyEmails[form].length === 0
      ? []
      : [
          {
            ...leadMail({
              template: "team-notification",
              to: settings.notifyEmails[form].map((address) => ({ address })),
              replyTo: { name: visitor.name ?? "", address: visitor.email },
              props: { title, fields: labelled(fields), receivedAt: at.toISOString().replace("T", " ").slice(0, 16) },
            }),
            // The job concerns the visitor (Reply-To), whoever it is addressed to.
            recipient: visitor.email,
          },
        ];
  const webhook = (type: WebhookEvent["type"], id: number, at: Date, fields: LeadField[], email: string): OutboxJob[] => {
    const event: WebhookEvent = { type, id, createdAt: at.toISOString(), ...keyed(fields) };
    return settings.webhook ? [{ kind: `webhook:${type}`, recipient: email, payload: event }] : [];
  };
  /**
   * The visitor's acknowledgement, unless this form acknowledged the address within the hour (./resend-window.ts): the
   * form mails whatever address is typed. The request is stored and the team told either way, and the visitor's answer
   * is the same. Posts naming the same address wait for each other here, so two at once still send one.
   */
  const acknowledgement = async (tx: Transaction, kind: "contact" | "feature-request", email: string): Promise<OutboxJob[]> => {
    const address = email.trim().toLowerCase();
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`acknowledgement:${kind}:${address}`}))`);
    const job = leadMail({
      template: "request-received",
      to: [{ address: email }],
      props: { kind, promise: FORM_MESSAGES[kind].success.description },
    });
    const [recent] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          sql`lower(${outbox.recipient}) = ${address}`,
          eq(outbox.kind, job.kind),
          sql`${outbox.payload}->'props'->>'kind' = ${kind}`,
          sql`${outbox.createdAt} > now() - make_interval(secs => ${RESEND_AFTER_MS / 1000})`,
        ),
      )
      .limit(1);
    return recent ? [] : [job];
  };

  return {
    wake,
    async contactRequest(tx, lead) {
      const fields: LeadField[] = [
        ["Name", "name", lead.name],
        ["Email", "email", lead.email],
        ["Company", "companyName", lead.companyName],
        ["Message", "message", lead.message],
      ];
      return enqueue(tx, [
        ...(await acknowledgement(tx, "contact", lead.email)),
        ...team("contact", `New contact request from ${lead.name}`, lead, fields, lead.createdAt),
        ...webhook("contact_request", lead.id, lead.createdAt, fields, lead.email),
      ]);
    },
    async featureRequest(tx, lead) {
      const fields: LeadField[] = [
        ["Name", "name", lead.name],
        ["Email", "email", lead.email],
        ["Company", "company", lead.company],
        ["Feature", "featureTitle", lead.featureTitle],
        ["Description", "description", lead.description],
        ["Use case", "useCase", lead.useCase],
      ];
      return enqueue(tx, [
        ...(await acknowledgement(tx, "feature-request", lead.email)),
        ...team("feature-request", `New feature request: ${lead.featureTitle}`, lead, fields, lead.createdAt),
        ...webhook("feature_request", lead.id, lead.createdAt, fields, lead.email),
      ]);
    },
    downloadLead(tx, { id, downloadedAt, name, email, resource }) {
      const fields: LeadField[] = [
        ["Name", "name", name],
        ["Email", "email", email],
        [null, "resourceId", resource.id],
        ["Resource", "resourceTitle", resource.title],
      ];
      return enqueue(tx, [
        leadMail({
          template: "download-link",
          to: [{ name, address: email }],
          props: {
            resourceTitle: resource.title,
            fileUrl: `${settings.siteUrl}${resourceUrl(resource)}`,
            resourcesUrl: `${settings.siteUrl}/resources`,
          },
        }),
        ...team("download", `New download: ${resource.title}`, { name, email }, fields, downloadedAt),
        ...webhook("download_lead", id, downloadedAt, fields, email),
      ]);
    },
    demoBooked(tx, lead) {
      const meeting = lead.meetingAt ? `${lead.meetingAt.toISOString().replace("T", " ").slice(0, 16)} UTC` : null;
      const fields: LeadField[] = [
        ["Name", "name", lead.name],
        ["Email", "email", lead.email],
        ["Company", "company", lead.company],
        ["Meeting", "meetingAt", meeting && lead.meetingAt!.toISOString()],
        ["Host", "host", lead.host],
        ["Event", "eventName", lead.eventName],
        ...Object.entries(lead.answers).map(([question, answer]): LeadField => [question, `answers.${question}`, answer]),
      ];
      // The team's email shows the meeting's time in words; the webhook sends it as an ISO timestamp.
      const mailFields = fields.map((field): LeadField => (field[1] === "meetingAt" ? [field[0], field[1], meeting] : field));
      return enqueue(tx, [
        ...team("demo", `Demo booked${lead.name ? ` by ${lead.name}` : ""}`, lead, mailFields, lead.bookedAt),
        ...webhook("demo_booked", lead.id, lead.bookedAt, fields, lead.email),
      ]);
    },
  };
}
