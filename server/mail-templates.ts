import { leadMails } from "../app/features/leads/index.server";
import { newsletterMails } from "../app/features/newsletter/index.server";
import { roadmapVoteMails } from "../app/features/roadmap-votes/index.server";

/**
 * Every message the site sends, by name: each feature declares its own (decision 039), the mailer renders from this one
 * registry. An outbox job stores the name and the props; a name declared twice would be a mistake, so none may be.
 */
export const MAIL_TEMPLATES = { ...leadMails, ...newsletterMails, ...roadmapVoteMails };

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
