import { resourceDownloadUrl, resourceUrl } from "./resource-urls";

export { resourceDownloadUrl, resourceUrl };

// The nine free downloads on /resources. Files are built from app/content/downloads by scripts/build-resources.ts;
// each `detail` states the real page count or length, and the generator and tests/site/resource-files.test.ts check it.

export type ResourceCategory = "templates" | "guides" | "tools";
export type ResourceFormat = "PDF" | "XLSX" | "MP4" | "ZIP";

export interface Resource {
  id: string;
  title: string;
  description: string;
  category: ResourceCategory;
  icon: "mail" | "type" | "repeat" | "shield-check" | "compass" | "bar-chart-3" | "list-checks" | "calculator" | "play-circle";
  file: string;
  format: ResourceFormat;
  detail: string;
}

/** What a download form and its success state need to know of a resource. */
export type ResourceFile = Pick<Resource, "id" | "title" | "file">;

export const resourceCategories = [
  {
    id: "templates",
    title: "Cold Email Templates",
    description: "Copy you can adapt today: first touches, subject lines and the follow-ups that earn most replies.",
  },
  {
    id: "guides",
    title: "Deliverability Guides",
    description: "Reach the inbox, pick the right prospects and read your numbers the way experienced senders do.",
  },
  {
    id: "tools",
    title: "Practical Tools",
    description: "A launch checklist, a campaign ROI calculator and a video masterclass for your whole team.",
  },
] as const satisfies readonly { id: ResourceCategory; title: string; description: string }[];

export const resources = [
  {
    id: "cold-email-templates",
    title: "10 Cold Email Templates That Get Replies",
    description: "Ten proven first-touch and follow-up emails, each with its subject line, full body and when to use it.",
    category: "templates",
    icon: "mail",
    file: "cold-email-templates.pdf",
    format: "PDF",
    detail: "9 pages",
  },
  {
    id: "subject-line-swipe-file",
    title: "Subject Line Swipe File",
    description: "Over 50 tested cold email subject lines grouped by angle, with the rules that keep them out of spam.",
    category: "templates",
    icon: "type",
    file: "subject-line-swipe-file.pdf",
    format: "PDF",
    detail: "7 pages",
  },
  {
    id: "follow-up-framework",
    title: "Follow-Up Message Framework",
    description: "A day 0, 3, 7 and 14 cadence with what each touch says, plus the right answer to every kind of reply.",
    category: "templates",
    icon: "repeat",
    file: "follow-up-framework.pdf",
    format: "PDF",
    detail: "6 pages",
  },
  {
    id: "email-deliverability-guide",
    title: "Email Deliverability Guide",
    description: "SPF, DKIM and DMARC with example records, a warm-up schedule and the Google and Yahoo bulk-sender rules.",
    category: "guides",
    icon: "shield-check",
    file: "email-deliverability-guide.pdf",
    format: "PDF",
    detail: "7 pages",
  },
  {
    id: "prospecting-playbook",
    title: "Prospecting Playbook",
    description: "Define your ideal customer, build and verify a list, find real triggers and personalize at scale.",
    category: "guides",
    icon: "compass",
    file: "prospecting-playbook.pdf",
    format: "PDF",
    detail: "6 pages",
  },
  {
    id: "cold-email-analytics-guide",
    title: "Cold Email Analytics Guide",
    description: "Every metric that matters with its formula and healthy range, from reply rate to speed-to-lead.",
    category: "guides",
    icon: "bar-chart-3",
    file: "cold-email-analytics-guide.pdf",
    format: "PDF",
    detail: "6 pages",
  },
  {
    id: "outreach-checklist",
    title: "Cold Outreach Checklist",
    description: "Tick through domains, lists, copy, launch and reply handling before and after every campaign.",
    category: "tools",
    icon: "list-checks",
    file: "outreach-checklist.pdf",
    format: "PDF",
    detail: "5 pages",
  },
  {
    id: "campaign-roi-calculator",
    title: "Campaign ROI Calculator",
    description: "A spreadsheet that turns your send volume and rates into meetings, deals, revenue, ROI and cost per meeting.",
    category: "tools",
    icon: "calculator",
    file: "campaign-roi-calculator.xlsx",
    format: "XLSX",
    detail: "Spreadsheet, 2 sheets",
  },
  {
    id: "cold-email-masterclass",
    title: "Cold Email Masterclass",
    description: "A narrated video course on the whole system: deliverability, targeting, copy, follow-ups and fast replies.",
    category: "tools",
    icon: "play-circle",
    file: "cold-email-masterclass.mp4",
    format: "MP4",
    detail: "Video, 6 min",
  },
] as const satisfies readonly Resource[];

export function getResource(id: string): Resource | undefined {
  return resources.find((resource) => resource.id === id);
}

export function resourcesIn(category: ResourceCategory): Resource[] {
  return resources.filter((resource) => resource.category === category);
}
