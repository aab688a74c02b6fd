// The leads feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { exportFileName, leadsCsv } from "./export.server";
export { FOLLOW_UP_JOB, remindOfFollowUp } from "./follow-up.server";
export { contactForm, downloadForm, featureRequestForm } from "./forms.server";
export { applyLeadAction, type LeadIntent } from "./lead-actions.server";
export { createLeadNotices, leadJobWords, type LeadNotices } from "./lead-notices.server";
export { leadBoard, leadDetail, leadPage, leadsOfAddress, newLeadCounts, todayLeads } from "./leads.server";
export { leadTimeline } from "./timeline.server";
export { leadMails } from "./mails";
export { addNote, assignOwner, leadOwners, moveLead, setFollowUp, todayUtc } from "./pipeline.server";
export { leadPurges } from "./purges.server";
export { releaseSpam, spamCount, spamPage, type SpamRow } from "./spam.server";
export {
  contactRequests,
  demoLeads,
  featureRequests,
  leadTables,
  newsletterSubscribers,
  resourceLeads,
  type SubscriberStatus,
} from "./tables";
