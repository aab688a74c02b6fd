import { mailTemplate } from "~/lib/mail/templates";
import { DownloadLink, type DownloadLinkProps } from "./download-link-email";
import { FollowUpReminder, type FollowUpReminderProps } from "./follow-up-reminder-email";
import { RequestReceived, type RequestReceivedProps } from "./request-received-email";
import { TeamNotification, type TeamNotificationProps } from "./team-notification-email";

/** The messages a lead makes (the visitor's, the team's) and the owner's follow-up reminder (decision 039). */
export const leadMails = {
  "download-link": mailTemplate<DownloadLinkProps>({
    subject: (props) => `Your copy of ${props.resourceTitle}`,
    element: (props, sender) => <DownloadLink sender={sender} {...props} />,
    words: { told: "Download link sent", to: "person", what: "the download link" },
  }),
  "request-received": mailTemplate<RequestReceivedProps>({
    subject: (props, sender) => `We received your ${props.kind === "contact" ? "message" : "feature request"} | ${sender.product}`,
    element: (props, sender) => <RequestReceived sender={sender} {...props} />,
    words: { told: "Confirmation sent", to: "person", what: "the confirmation" },
  }),
  "follow-up-reminder": mailTemplate<FollowUpReminderProps>({
    subject: (props) => `Follow up today: ${props.lead}`,
    element: (props, sender) => <FollowUpReminder sender={sender} {...props} />,
    words: { told: "Follow-up reminder sent", to: "owner", what: "the owner's follow-up reminder" },
  }),
  "team-notification": mailTemplate<TeamNotificationProps>({
    subject: (props) => props.title,
    element: (props, sender) => <TeamNotification sender={sender} {...props} />,
    words: { told: "We told the team", to: "team", what: "the team's alert" },
  }),
};

export type LeadMails = typeof leadMails;
