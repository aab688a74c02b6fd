// What Replywise does, and whether it does it today. Each capability has one availability, and every page that
// mentions it reads it from here: the features page, the pricing cards, the FAQ, the integrations strip and the
// roadmap. A planned capability is shown as planned wherever it appears, never as a checked feature.

export type Availability = "available" | "planned" | "coming-soon";

export const availabilityLabels = {
  available: "Available",
  planned: "Planned",
  "coming-soon": "Coming Soon",
} as const satisfies Record<Availability, string>;

export type IntegrationMark = "send" | "outbound" | "calendar" | "link" | "chat" | "crm";

export interface Capability {
  id: string;
  /** How a list names it, e.g. "Slack notifications for review". */
  label: string;
  availability: Availability;
  /** Set for third-party tools: shown in the integrations strip. */
  integration?: { name: string; kind: string; mark: IntegrationMark };
  /**
   * Words that name a capability that is not available yet. The content test fails when copy outside this file
   * uses them in a sentence that does not also say "planned" or "coming soon".
   */
  mentions?: RegExp;
}

export const capabilities = [
  {
    id: "instantly",
    label: "Instantly, through its API and webhooks",
    availability: "available",
    integration: { name: "Instantly", kind: "Sending platform · API + webhooks", mark: "send" },
  },
  {
    id: "smartlead",
    label: "Smartlead, through its API and webhooks",
    availability: "available",
    integration: { name: "Smartlead", kind: "Sending platform · API + webhooks", mark: "send" },
  },
  {
    id: "lemlist",
    label: "lemlist outreach platform",
    availability: "planned",
    integration: { name: "lemlist", kind: "Outreach platform", mark: "outbound" },
    mentions: /\blemlist\b/i,
  },
  {
    id: "google-calendar",
    label: "Google Calendar meeting invites",
    availability: "available",
    integration: { name: "Google Calendar", kind: "Calendar · meeting invites", mark: "calendar" },
  },
  {
    id: "outlook-calendar",
    label: "Outlook Calendar meeting invites",
    availability: "available",
    integration: { name: "Outlook Calendar", kind: "Calendar · meeting invites", mark: "calendar" },
  },
  {
    id: "calendly",
    label: "Calendly scheduling links",
    availability: "available",
    integration: { name: "Calendly", kind: "Scheduling links", mark: "link" },
  },
  {
    id: "slack-notifications",
    label: "Slack notifications for review",
    availability: "planned",
    integration: { name: "Slack", kind: "Chat notifications", mark: "chat" },
    mentions: /\b(slack|chat[- ]tool|chat notifications?|notifi\w* (by|in|via) (team )?chat|chat or e-?mail|e-?mail or chat)\b/i,
  },
  {
    id: "hubspot",
    label: "HubSpot CRM sync",
    availability: "planned",
    integration: { name: "HubSpot", kind: "CRM sync", mark: "crm" },
    mentions: /\bhubspot (crm )?(sync|integration)\b|\bCRM sync\b/i,
  },
  { id: "email-notifications", label: "Email notifications for review", availability: "available" },
  { id: "manual-review", label: "Manual review mode", availability: "available" },
  { id: "multi-client", label: "Multi-client management", availability: "available" },
  {
    id: "agency-surprise",
    label: "Something new for agencies",
    availability: "coming-soon",
  },
] as const satisfies readonly Capability[];

export type CapabilityId = (typeof capabilities)[number]["id"];

export function getCapability(id: CapabilityId): Capability {
  const capability = capabilities.find((entry) => entry.id === id);
  if (!capability) throw new Error(`Unknown capability: ${id}`);
  return capability;
}

/** A list item that carries its capability's availability, so a list can show "Planned" instead of a check mark. */
export interface CapabilityPoint {
  label: string;
  availability: Availability;
}

export type ListPoint = string | CapabilityPoint;

export function point(id: CapabilityId): CapabilityPoint {
  const { label, availability } = getCapability(id);
  return { label, availability };
}

/** The integrations strip: every third-party tool, available ones first. */
export function integrationTools() {
  const order: Availability[] = ["available", "planned", "coming-soon"];
  return capabilities
    .filter((entry): entry is Extract<(typeof capabilities)[number], { integration: object }> => "integration" in entry)
    .map((entry) => ({ id: entry.id, availability: entry.availability as Availability, ...entry.integration }))
    .sort((a, b) => order.indexOf(a.availability) - order.indexOf(b.availability));
}

/** "Instantly and Smartlead", "A, B and C": the tools of one kind that are available today. */
export function availableToolNames(mark: IntegrationMark): string {
  const names = integrationTools()
    .filter((tool) => tool.mark === mark && tool.availability === "available")
    .map((tool) => tool.name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** How prose states a capability's availability: "Slack notifications are planned." reads `are ${statusPhrase(id)}`. */
export function statusPhrase(id: CapabilityId): string {
  const { availability } = getCapability(id);
  return availability === "available" ? "available today" : availability === "planned" ? "planned" : "coming soon";
}
