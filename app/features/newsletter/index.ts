// The newsletter feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { IssueDate } from "./issue-card";
export { ISSUE_LIMITS, type IssueFields, issueFieldsSchema, type IssueStart, issueStartSchema, STARTED_TOPICS } from "./issue-schema";
export { audienceSentence, IssueCountList, IssueStateBadge, TOPIC_LABELS } from "./issue-state-summary";
export { archiveNumberOf } from "./issue-state";
export { NewsletterForm } from "./newsletter-form";
export { confirmPage, unavailableCopy, unsubscribePage } from "./words";
