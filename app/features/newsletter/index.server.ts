// The newsletter feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export type { NewsletterAudience, NewsletterAudiences, OwedCopy } from "./audience.server";
export { newsletterForm } from "./forms.server";
export { issuePages } from "./issue-pages.server";
export {
  archivedIssue,
  type ArchivedIssue,
  archivedIssues,
  audienceOf,
  deleteIssue,
  draftIssue,
  draftNewResources,
  findIssue,
  type IssueChange,
  type IssueDraft,
  type IssueRow,
  listIssues,
  newsletterBlogHooks,
  newsletterContentHooks,
  saveIssue,
  scheduleIssue,
  SEND_COPY_JOB,
  sendIssue,
  START_ISSUE_JOB,
  startIssue,
  startScheduledIssue,
  unscheduleIssue,
} from "./issues.server";
export { newsletterMails } from "./mails";
export { createNewsletterNotices, type NewsletterNotices } from "./notices.server";
export { previewIssue, queueTestCopy, sendAudienceCopy, sendCopy } from "./send.server";
export {
  confirm,
  newsletterLinks,
  type NewsletterLinks,
  purgeUnconfirmed,
  signUp,
  subscriberOf,
  subscriptionOptIn,
  unsubscribe,
} from "./subscribers.server";
export { newsletterDeliveries, newsletterIssues } from "./tables";
