// The public roadmap, month by month, and through it every capability's availability (docs/decisions/035): an item's
// status is its capability's availability on every page. A shipped item sits in the month it shipped; a planned one in
// the month it was put on the roadmap. What is below is the first content; the pages read the published roadmap.
import { formatMonth } from "~/lib/dates";
import type { Availability, AvailabilityOf, CapabilityId } from "./capabilities";
import type { IconName } from "./icons";

export type RoadmapStatus = "completed" | "planned" | "secret";

export interface RoadmapItem {
  /** Its anchor on /roadmap (`/roadmap#hubspot-crm-sync`) and the key that requests and votes join it by: never changes. */
  id: string;
  /** ISO month, YYYY-MM. */
  month: string;
  name: string;
  description: string;
  icon: IconName;
  /** The capability it delivers, whose availability its status is; none for an idea the product has no name for yet. */
  capability: CapabilityId | null;
  status: RoadmapStatus;
}

/** An item as /roadmap shows it, its status in words too (so the page's browser code needs none of this module). */
export type RoadmapFeature = Omit<RoadmapItem, "capability" | "month"> & { statusLabel: string };

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

export const availabilityOfStatus = { completed: "available", planned: "planned", secret: "coming-soon" } as const satisfies Record<
  RoadmapStatus,
  Availability
>;

/** The roadmap as it was first published: the initial content of the roadmap collection (app/features/site-content/). */
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
        status: "completed",
      },
      {
        id: "chat-tool-integration",
        name: "Chat-tool integration",
        description: "Get notified in Slack when a reply needs review, and approve or edit the answer from there.",
        icon: "message-circle",
        capability: "slack-notifications",
        status: "planned",
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
        status: "planned",
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
        status: "completed",
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
        status: "completed",
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
        status: "planned",
      },
      {
        id: "something-new-for-agencies",
        name: "Something new for agencies",
        description: "We are building something agencies have asked for since day one. Watch this page and the blog for the announcement.",
        icon: "gift",
        capability: "agency-surprise",
        status: "secret",
      },
    ],
  },
] as const satisfies readonly { month: string; items: readonly Omit<RoadmapItem, "month">[] }[];

/** The first content as the collection stores it: one item per entry, each with its month. */
export const initialRoadmapItems = (): RoadmapItem[] =>
  roadmapEntries.flatMap((entry) => entry.items.map((item) => ({ ...item, month: entry.month })));

/** Every capability's availability as `items` say: the one its item says, available when no item delivers it. */
export function availabilityFrom(items: readonly Pick<RoadmapItem, "capability" | "status">[]): AvailabilityOf {
  const said = new Map(items.flatMap((item) => (item.capability ? [[item.capability, availabilityOfStatus[item.status]] as const] : [])));
  return (id) => said.get(id) ?? "available";
}

/** The availability the first content says: what the first content and the content tests are written with. */
export const initialAvailability: AvailabilityOf = (id) => availabilityFrom(initialRoadmapItems())(id);

/**
 * The roadmap as the page shows it: month by month in order, labels written from the dates. The page's loader calls it,
 * so the date code stays out of the browser (decision 012).
 */
export function roadmapMonths(items: readonly RoadmapItem[]): RoadmapMonth[] {
  const months = [...new Set(items.map((item) => item.month))].sort();
  return months.map((month) => ({
    month,
    label: formatMonth(month),
    features: items
      .filter((item) => item.month === month)
      .map(({ id, name, description, icon, status }) => ({
        id,
        name,
        description,
        icon,
        status,
        statusLabel: roadmapStatusLabels[status],
      })),
  }));
}

export const stayUpdated = {
  title: "Stay Updated",
  description:
    "This page changes as we ship. Start with 50 free replies to get every new feature as it lands, or follow our progress on the blog.",
} as const;
