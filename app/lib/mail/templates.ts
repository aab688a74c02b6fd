import type * as React from "react";
import type { Sender } from "~/emails/layout";
import type { JobWords, JobWordsTable } from "~/lib/jobs/job-words";

// A message the site sends, declared by the feature that sends it (decision 039): its subject and its React Email
// element from the props an outbox job stores. The mailer renders whichever registry the composition root hands it
// (server/mail-templates.ts), so this layer names no feature's message.

export interface MailTemplate<Props> {
  subject: (props: Props, sender: Sender) => string;
  element: (props: Props, sender: Sender) => React.ReactElement;
  /** How the console names the message in the outbox and on a person's timeline (decision 045). */
  words: JobWords;
}

export const mailTemplate = <Props>(definition: MailTemplate<Props>) => definition;

/** Messages by name, as a feature declares them and the mailer renders them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template has its own props; the job says which.
export type MailTemplates = Readonly<Record<string, MailTemplate<any>>>;

export type PropsOf<Template> = Template extends MailTemplate<infer Props> ? Props : never;

/** The console's words for each message's outbox job (`mail:<name>`). */
export function mailJobWords(templates: MailTemplates): JobWordsTable {
  return Object.fromEntries(Object.entries(templates).map(([name, template]) => [`mail:${name}`, template.words]));
}
