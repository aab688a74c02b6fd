import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { alertStates } from "~/lib/db/schema/outbox";
import { operators } from "~/lib/db/schema/console";

// Delivery alerts (decision 020): the team hears when mail stalls, without opening the console. Two conditions: a job
// parked as failed after its last attempt, and a queue whose oldest waiting job is older than ALERT_QUEUE_AGE_MINUTES.
// Every instance checks on a timer; an advisory lock lets one decide each round, and alert_states remembers what the
// team was told, so each condition alerts once when it starts, at most once an hour (again only if it got worse), and
// sends an all clear when it ends. Alerts do not go through the outbox they are about: mail goes straight to
// ALERT_SMTP_URL (or SMTP_URL, or a file when there is none), and the webhook needs no mail at all. A round whose
// every channel failed is forgotten, so the next round tries again.

const ALERT_LOCK = 72_011_907;
const REPEAT_AFTER_MS = 60 * 60_000;

export type AlertCondition = "failed-jobs" | "stale-queue";

export interface DeliveryHealth {
  /** Jobs parked as failed after their last attempt. */
  failedJobs: number;
  /** How long the oldest job still waiting has waited, in whole minutes; null when none waits. */
  oldestWaitingMinutes: number | null;
}

export interface AlertState {
  condition: AlertCondition;
  active: boolean;
  since: Date | null;
  notifiedAt: Date | null;
}

export interface AlertNotice {
  condition: AlertCondition;
  kind: "alert" | "reminder" | "all-clear";
  /** The measure: jobs parked, or minutes the oldest job waited. */
  value: number;
  subject: string;
  text: string;
}

type Executor = Pick<Database, "execute" | "select">;

export async function deliveryHealth(db: Executor): Promise<DeliveryHealth> {
  const [row] = rowsOf<{ failed: number; oldest: number | null }>(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM outbox WHERE status = 'failed') AS failed,
      (SELECT floor(extract(epoch FROM now() - min(due_at)) / 60)::int FROM outbox
        WHERE status IN ('pending', 'sending') AND due_at <= now()) AS oldest`),
  );
  return {
    failedJobs: Number(row?.failed ?? 0),
    oldestWaitingMinutes: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
  };
}

export async function alertStatesOf(db: Executor): Promise<AlertState[]> {
  return (await db.select().from(alertStates)).map((row) => ({ ...row, condition: row.condition as AlertCondition }));
}

const plural = (count: number, unit: string) => `${count.toLocaleString("en-US")} ${unit}${count === 1 ? "" : "s"}`;

function describe(
  condition: AlertCondition,
  kind: AlertNotice["kind"],
  value: number,
  site: string,
): Pick<AlertNotice, "subject" | "text"> {
  const where = `See ${site}/console/outbox for each job and its last error.`;
  if (condition === "failed-jobs") {
    if (kind === "all-clear")
      return { subject: `[${site}] All clear: no email job is parked as failed`, text: "No job is parked as failed any more." };
    return {
      subject: `[${site}] ${plural(value, "email job")} failed for good`,
      text: `${plural(value, "job")} in the outbox gave up after their last attempt (parked as failed): leads are not getting their emails or the team its notices. ${where}`,
    };
  }
  if (kind === "all-clear")
    return {
      subject: `[${site}] All clear: the email queue is moving`,
      text: "No job has waited longer than the alert threshold any more.",
    };
  return {
    subject: `[${site}] Email queue stalled: the oldest job has waited ${plural(value, "minute")}`,
    text: `The oldest email or webhook job has waited ${plural(value, "minute")} without being delivered: the mail server or its credentials may be failing. ${where}`,
  };
}

export interface AlertCheckOptions {
  queueAgeMinutes: number;
  /** The site's address, named in every alert. */
  siteUrl: string;
  now?: Date;
}

/**
 * Decides, under a lock shared by every instance, what to tell the team now, and records it as told (undo with
 * `forgetNotices` when no channel took it). Empty while another instance is checking.
 */
export async function claimAlerts(db: Database, { queueAgeMinutes, siteUrl, now = new Date() }: AlertCheckOptions): Promise<AlertNotice[]> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ALERT_LOCK}) AS locked`));
    if (!lock?.locked) return [];
    const health = await deliveryHealth(tx);
    const measured: Record<AlertCondition, { active: boolean; value: number }> = {
      "failed-jobs": { active: health.failedJobs > 0, value: health.failedJobs },
      "stale-queue": {
        active: health.oldestWaitingMinutes !== null && health.oldestWaitingMinutes >= queueAgeMinutes,
        value: health.oldestWaitingMinutes ?? 0,
      },
    };
    const states = new Map((await tx.select().from(alertStates)).map((row) => [row.condition, row]));
    const notices: AlertNotice[] = [];
    for (const condition of Object.keys(measured) as AlertCondition[]) {
      const { active, value } = measured[condition];
      const state = states.get(condition);
      const hourPassed = !state?.notifiedAt || now.getTime() - state.notifiedAt.getTime() >= REPEAT_AFTER_MS;
      let kind: AlertNotice["kind"] | null = null;
      if (active && !state?.active) kind = hourPassed ? "alert" : null;
      else if (active && hourPassed && value > (state?.notifiedValue ?? 0)) kind = "reminder";
      else if (!active && state?.active) kind = "all-clear";
      if (!kind && active === (state?.active ?? false)) continue;

      const told = kind !== null;
      const values = {
        active,
        since: active ? (state?.active ? state.since : now) : null,
        notifiedAt: told ? now : (state?.notifiedAt ?? null),
        notifiedValue: told ? value : (state?.notifiedValue ?? null),
        updatedAt: now,
      };
      await tx
        .insert(alertStates)
        .values({ condition, ...values })
        .onConflictDoUpdate({ target: alertStates.condition, set: values });
      if (kind) notices.push({ condition, kind, value, ...describe(condition, kind, value, siteUrl) });
    }
    return notices;
  });
}

/** Undoes what `claimAlerts` recorded for notices no channel delivered, so the next round sends them again. */
export async function forgetNotices(db: Database, notices: AlertNotice[]) {
  for (const notice of notices) {
    const stillActive = notice.kind === "all-clear";
    await db
      .update(alertStates)
      .set({ active: stillActive, notifiedAt: null, notifiedValue: null, updatedAt: new Date() })
      .where(sql`${alertStates.condition} = ${notice.condition}`);
  }
}

export interface AlertChannels {
  /** Mail straight to the team (not through the outbox): an SMTP server, or .eml files without one. */
  mail: { smtpUrl?: string | undefined; fileDir: string; from: string; to?: string[] | undefined } | null;
  /** A URL that gets `{ text, condition, kind, value }` as JSON (Slack's incoming webhooks read `text`). */
  webhookUrl?: string | undefined;
}

export interface AlertSender {
  /** Sends the notices on every channel; resolves with the notices no channel took. */
  send(notices: AlertNotice[]): Promise<AlertNotice[]>;
  close(): void;
}

export function createAlertSender(db: Database, channels: AlertChannels, log: Pick<Console, "warn"> = console): AlertSender {
  const mail = channels.mail;
  const transport = mail
    ? mail.smtpUrl
      ? nodemailer.createTransport({
          url: mail.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as SMTPTransport.Options)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    : null;

  /** ALERT_EMAIL, or every admin account: the people who run the site. */
  const recipients = async () =>
    mail?.to ?? (await db.select({ email: operators.email }).from(operators).where(eq(operators.role, "admin"))).map((row) => row.email);

  async function byMail(notice: AlertNotice) {
    if (!transport || !mail) return false;
    const to = await recipients();
    if (to.length === 0) return false;
    const info = await transport.sendMail({ from: mail.from, to, subject: notice.subject, text: `${notice.text}\n` });
    if (!mail.smtpUrl) {
      mkdirSync(mail.fileDir, { recursive: true });
      writeFileSync(
        path.join(mail.fileDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-alert-${notice.condition}.eml`),
        info.message as Buffer,
      );
    }
    return true;
  }

  async function byWebhook(notice: AlertNotice) {
    if (!channels.webhookUrl) return false;
    const response = await fetch(channels.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        text: `${notice.subject}\n${notice.text}`,
        condition: notice.condition,
        kind: notice.kind,
        value: notice.value,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return true;
  }

  const attempt = async (channel: string, notice: AlertNotice, send: (notice: AlertNotice) => Promise<boolean>) => {
    try {
      return await send(notice);
    } catch (error) {
      log.warn(`alert ${notice.condition} (${notice.kind}) not sent by ${channel}: ${error instanceof Error ? error.name : "error"}`);
      return false;
    }
  };

  return {
    async send(notices) {
      const undelivered: AlertNotice[] = [];
      for (const notice of notices) {
        const [mailed, posted] = await Promise.all([attempt("mail", notice, byMail), attempt("webhook", notice, byWebhook)]);
        if (!mailed && !posted) undelivered.push(notice);
      }
      return undelivered;
    },
    close: () => transport?.close(),
  };
}

/** One round: decide, send, and forget what no channel took. */
export async function checkAlerts(db: Database, options: AlertCheckOptions, sender: AlertSender): Promise<AlertNotice[]> {
  const notices = await claimAlerts(db, options);
  if (notices.length === 0) return [];
  const undelivered = await sender.send(notices);
  if (undelivered.length > 0) await forgetNotices(db, undelivered);
  return notices.filter((notice) => !undelivered.includes(notice));
}
