import { mailTemplate } from "~/lib/mail/templates";
import { NewsletterConfirmation, type NewsletterConfirmationProps } from "./confirmation-email";
import { NewsletterIssue, type NewsletterIssueProps } from "./issue-email";
import { NewsletterWelcome, type NewsletterWelcomeProps } from "./welcome-email";

/** The newsletter's messages: the sign-up's confirmation and welcome, and every issue's copy (decision 039). */
export const newsletterMails = {
  "newsletter-confirmation": mailTemplate<NewsletterConfirmationProps>({
    subject: (_props, sender) => `Confirm your subscription to the ${sender.product} newsletter`,
    element: (props, sender) => <NewsletterConfirmation sender={sender} {...props} />,
    words: { told: "Newsletter confirmation link sent", to: "person", what: "the newsletter confirmation link" },
  }),
  "newsletter-welcome": mailTemplate<NewsletterWelcomeProps>({
    subject: (_props, sender) => `Welcome to the ${sender.product} newsletter`,
    element: (props, sender) => <NewsletterWelcome sender={sender} {...props} />,
    words: { told: "Newsletter welcome sent", to: "person", what: "the newsletter welcome" },
  }),
  "newsletter-issue": mailTemplate<NewsletterIssueProps>({
    subject: (props) => (props.unsubscribeUrl === null ? `[Test] ${props.subject}` : props.subject),
    element: (props, sender) => <NewsletterIssue sender={sender} {...props} />,
    words: { told: "Newsletter issue sent", to: "person", what: "a newsletter issue" },
  }),
};

export type NewsletterMails = typeof newsletterMails;
