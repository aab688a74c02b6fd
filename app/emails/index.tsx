import type * as React from "react";
import { DownloadLink, type DownloadLinkProps } from "../features/leads/download-link-email";
import { FollowUpReminder, type FollowUpReminderProps } from "../features/leads/follow-up-reminder-email";
import type { Sender } from "./layout";
import { NewsletterConfirmation, type NewsletterConfirmationProps } from "../features/newsletter/confirmation-email";
import { NewsletterIssue, type NewsletterIssueProps } from "../features/newsletter/issue-email";
import { NewsletterWelcome, type NewsletterWelcomeProps } from "../features/newsletter/welcome-email";
import { RoadmapVoteConfirmation, type RoadmapVoteConfirmationProps } from "../features/roadmap-votes/confirmation-email";
import { RequestReceived, type RequestReceivedProps } from "../features/leads/request-received-email";
import { TeamNotification, type TeamNotificationProps } from "../features/leads/team-notification-email";

export type { Sender } from "./layout";

interface Template<Props> {
  subject: (props: Props, sender: Sender) => string;
  element: (props: Props, sender: Sender) => React.ReactElement;
}

const template = <Props,>(definition: Template<Props>) => definition;

/** Every message the site sends, by name: an outbox job stores the name and the props, the worker renders them. */
export const MAIL_TEMPLATES = {
  "newsletter-confirmation": template<NewsletterConfirmationProps>({
    subject: (_props, sender) => `Confirm your subscription to the ${sender.product} newsletter`,
    element: (props, sender) => <NewsletterConfirmation sender={sender} {...props} />,
  }),
  "newsletter-welcome": template<NewsletterWelcomeProps>({
    subject: (_props, sender) => `Welcome to the ${sender.product} newsletter`,
    element: (props, sender) => <NewsletterWelcome sender={sender} {...props} />,
  }),
  "newsletter-issue": template<NewsletterIssueProps>({
    subject: (props) => (props.unsubscribeUrl === null ? `[Test] ${props.subject}` : props.subject),
    element: (props, sender) => <NewsletterIssue sender={sender} {...props} />,
  }),
  "roadmap-vote-confirmation": template<RoadmapVoteConfirmationProps>({
    subject: (props) => `Confirm your vote for ${props.itemName}`,
    element: (props, sender) => <RoadmapVoteConfirmation sender={sender} {...props} />,
  }),
  "download-link": template<DownloadLinkProps>({
    subject: (props) => `Your copy of ${props.resourceTitle}`,
    element: (props, sender) => <DownloadLink sender={sender} {...props} />,
  }),
  "request-received": template<RequestReceivedProps>({
    subject: (props, sender) => `We received your ${props.kind === "contact" ? "message" : "feature request"} | ${sender.product}`,
    element: (props, sender) => <RequestReceived sender={sender} {...props} />,
  }),
  "follow-up-reminder": template<FollowUpReminderProps>({
    subject: (props) => `Follow up today: ${props.lead}`,
    element: (props, sender) => <FollowUpReminder sender={sender} {...props} />,
  }),
  "team-notification": template<TeamNotificationProps>({
    subject: (props) => props.title,
    element: (props, sender) => <TeamNotification sender={sender} {...props} />,
  }),
};

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
export type MailProps<Name extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[Name]["element"]>[0];
