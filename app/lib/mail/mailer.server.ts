import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { render } from "@react-email/render";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { Sender } from "~/emails/layout";
import type { MailTemplates, PropsOf } from "./templates";

export interface Mailbox {
  name?: string | undefined;
  address: string;
}

/** A message as the outbox stores it: which template with which props, to whom. Rendered when it is delivered. */
export interface MailJob<Name extends string = string, Props = unknown> {
  template: Name;
  props: Props;
  to: Mailbox[];
  replyTo?: Mailbox | undefined;
  /** For newsletter messages: the one-click unsubscribe link (RFC 8058), in the headers and the footer. */
  unsubscribeUrl?: string | undefined;
  /** The Message-ID's left part when it should name more than the outbox job (a newsletter copy: issue and subscriber). */
  messageId?: string | undefined;
}

/** A message of one of a feature's templates, its props checked against that template's. */
export type MailOf<Templates extends MailTemplates, Name extends keyof Templates & string = keyof Templates & string> = {
  [N in Name]: MailJob<N, PropsOf<Templates[N]>>;
}[Name];

export interface Mailer {
  /** Where messages go: an SMTP server, or .eml files in a folder. */
  readonly destination: string;
  /** Hands the message over; resolves once the server accepted it (or the file is written). `id` makes the Message-ID. */
  send(job: MailJob, id: number): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  /** Where .eml files go when there is no SMTP server. */
  fileDir: string;
  from: string;
  replyTo?: string | undefined;
  /** The brand and the company as every footer shows them; a function is asked at each message (its details are edited). */
  sender: Sender | (() => Promise<Sender>);
  /** Every message the site sends, by name (server/mail-templates.ts). */
  templates: MailTemplates;
  /** How many connections to the SMTP server at most (the outbox worker's batch size). */
  maxConnections?: number;
}

/** A message's subject, HTML and plain text, rendered from its template exactly as it is sent (and previewed). */
export async function renderMail(job: Pick<MailJob, "template" | "props">, sender: Sender, templates: MailTemplates) {
  const definition = templates[job.template];
  if (!definition) throw new Error(`No mail template is named ${job.template}`);
  const element = definition.element(job.props, sender);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: definition.subject(job.props, sender), html, text: delimitLinks(text) };
}

/**
 * A link the plain-text part ends with punctuation ("the free resources page https://…/resources.") stands in angle
 * brackets, the plain-text way to end an address (RFC 3986, appendix C): mail readers otherwise take the full stop
 * into the link, and it answers 404.
 */
export function delimitLinks(text: string): string {
  return text.replace(/(https?:\/\/[^\s<>]*?)([.,;:!?)]+)(?=\s|$)/g, (_, link: string, punctuation: string) => `<${link}>${punctuation}`);
}

/** The message nodemailer sends: rendered HTML and its plain-text part, the headers the job asks for. */
export async function composeMail(
  job: MailJob,
  id: number,
  { from, replyTo, templates, ...options }: MailerOptions,
): Promise<Mail.Options> {
  const sender = typeof options.sender === "function" ? await options.sender() : options.sender;
  const { subject, html, text } = await renderMail(job, sender, templates);
  return {
    from,
    to: job.to,
    replyTo: job.replyTo ?? replyTo,
    subject,
    html,
    text,
    // One Message-ID per outbox job: if a job were ever delivered twice, mail clients show it once.
    messageId: `<${job.messageId ?? `outbox-${id}`}@${new URL(sender.siteUrl).hostname}>`,
    ...(job.unsubscribeUrl ? { list: { unsubscribe: { url: job.unsubscribeUrl, comment: "Unsubscribe" } } } : {}),
    headers: job.unsubscribeUrl ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
  };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // Connections are kept and reused: a new one per message cost ~100 ms (and a TLS handshake with a real provider),
      // which a newsletter's thousands of copies pay over and over. One per message the worker sends at once.
      pool: true,
      maxConnections: options.maxConnections ?? 5,
      // A mail server that is down or stalls fails the attempt quickly; the outbox retries later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPPool.Options);
    const { hostname, port } = new URL(options.smtpUrl);
    return {
      destination: `SMTP ${hostname}:${port || "25"}`,
      async send(job, id) {
        await transport.sendMail(await composeMail(job, id, options));
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    destination: `files in ${options.fileDir}`,
    async send(job, id) {
      const info = await transport.sendMail(await composeMail(job, id, options));
      mkdirSync(options.fileDir, { recursive: true });
      const file = path.join(options.fileDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
      // Written whole or not at all: the temporary name never looks like a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}
