// The public roadmap, month by month. A shipped item sits in the month it shipped; a planned one in the month it was
// put on the roadmap. Its status is never typed here: it is its capability's availability (capabilities.ts), so the
// roadmap and every page that sells a feature always agree.
import { formatMonth } from "~/lib/dates";
import { getCapability, type Availability, type CapabilityId } from "./capabilities";
import type { IconName } from "./icons";

export type RoadmapStatus = "completed" | "planned" | "secret";

export interface RoadmapItem {
  /** Its anchor on /roadmap (`/roadmap#hubspot-crm-sync`) and the key that requests and votes join it by: never changes. */
  id: string;
  name: string;
  description: string;
  icon: IconName;
  capability: CapabilityId;
}

export interface RoadmapEntry {
  /** ISO month, YYYY-MM. */
  month: string;
  items: readonly RoadmapItem[];
}

export interface RoadmapFeature extends Omit<RoadmapItem, "capability"> {
  status: RoadmapStatus;
}

export interface RoadmapMonth {
  month: string;
  label: string;
  features: readonly RoadmapFeature[];
}

export const roadmapStatusLabels = {
  completed: "Completed",
  planned: "Planned",
  secret: "Coming Soon",
} as const satisfies Record<RoadmapStatus, string>;

const statusOf = { available: "completed", planned: "planned", "coming-soon": "secret" } as const satisfies Record<
  Availability,
  RoadmapStatus
>;

export const roadmapEntries = [
  {
    month: "2025-08",
    items: [
      {
        id: "email-sending-platform-integration",
        name: "Email-sending platform integration",
        description: "Connect Instantly through its API and webhooks so every reply reaches Replywise the moment it arrives.",
        icon: "send",
        capability: "instantly",
      },
      {
        id: "chat-tool-integration",
        name: "Chat-tool integration",
        description: "Get notified in Slack when a reply needs review, and approve or edit the answer from there.",
        icon: "message-circle",
        capability: "slack-notifications",
      },
    ],
  },
  {
    month: "2025-09",
    items: [
      {
        id: "outreach-platform-integration",
        name: "Outreach platform integration",
        description: "Bring replies from lemlist campaigns into the same inbox managers and analytics.",
        icon: "plug",
        capability: "lemlist",
      },
    ],
  },
  {
    month: "2026-02",
    items: [
      {
        id: "smartlead-integration",
        name: "Smartlead integration",
        description: "A second sending platform: replies from Smartlead campaigns arrive through its API and webhooks, like Instantly's.",
        icon: "send",
        capability: "smartlead",
      },
    ],
  },
  {
    month: "2026-06",
    items: [
      {
        id: "outlook-calendar-invites",
        name: "Outlook Calendar invites",
        description: "Meeting invites go out from Outlook calendars as well as Google Calendar, with the same duplicate-booking check.",
        icon: "calendar-check",
        capability: "outlook-calendar",
      },
    ],
  },
  {
    month: "2026-11",
    items: [
      {
        id: "hubspot-crm-sync",
        name: "HubSpot CRM sync",
        description: "Replies, tags and booked meetings recorded on the matching HubSpot contact, so your CRM shows every conversation.",
        icon: "plug",
        capability: "hubspot",
      },
      {
        id: "something-new-for-agencies",
        name: "Something new for agencies",
        description: "We are building something agencies have asked for since day one. Watch this page and the blog for the announcement.",
        icon: "gift",
        capability: "agency-surprise",
      },
    ],
  },
] as const satisfies readonly RoadmapEntry[];

/**
 * The roadmap as the page shows it: month labels written from the dates, statuses from the capabilities. The page's
 * loader calls it, so the capabilities and date code stay out of the browser (decision 012).
 */
export function roadmapMonths(): RoadmapMonth[] {
  return roadmapEntries.map((entry) => ({
    month: entry.month,
    label: formatMonth(entry.month),
    features: entry.items.map(({ capability, ...item }) => ({ ...item, status: statusOf[getCapability(capability).availability] })),
  }));
}

export const stayUpdated = {
  title: "Stay Updated",
  description:
    "This page changes as we ship. Start with 50 free replies to get every new feature as it lands, or follow our progress on the blog.",
} as const;
