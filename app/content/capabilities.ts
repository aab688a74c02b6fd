// What Replywise does. Each capability has one availability, the one its roadmap item says in the published content
// (docs/decisions/035); a capability no roadmap item delivers is part of the product and available. Every page that
// mentions one resolves it from that availability (features, pricing, FAQ, the integrations strip, the scenes, the
// roadmap): a planned capability is shown as planned wherever it appears, never as a checked feature.

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
    integration: { name: "Instantly", kind: "Sending platform · API + webhooks", mark: "send" },
  },
  {
    id: "smartlead",
    label: "Smartlead, through its API and webhooks",
    integration: { name: "Smartlead", kind: "Sending platform · API + webhooks", mark: "send" },
  },
  {
    id: "lemlist",
    label: "lemlist outreach platform",
    integration: { name: "lemlist", kind: "Outreach platform", mark: "outbound" },
    mentions: /\blemlist\b/i,
  },
  {
    id: "google-calendar",
    label: "Google Calendar meeting invites",
    integration: { name: "Google Calendar", kind: "Calendar · meeting invites", mark: "calendar" },
  },
  {
    id: "outlook-calendar",
    label: "Outlook Calendar meeting invites",
    integration: { name: "Outlook Calendar", kind: "Calendar · meeting invites", mark: "calendar" },
  },
  {
    id: "calendly",
    label: "Calendly scheduling links",
    integration: { name: "Calendly", kind: "Scheduling links", mark: "link" },
  },
  {
    id: "slack-notifications",
    label: "Slack notifications for review",
    integration: { name: "Slack", kind: "Chat notifications", mark: "chat" },
    mentions: /\b(slack|chat[- ]tool|chat notifications?|notifi\w* (by|in|via) (team )?chat|chat or e-?mail|e-?mail or chat)\b/i,
  },
  {
    id: "hubspot",
    label: "HubSpot CRM sync",
    integration: { name: "HubSpot", kind: "CRM sync", mark: "crm" },
    mentions: /\bhubspot (crm )?(sync|integration)\b|\bCRM sync\b/i,
  },
  { id: "email-notifications", label: "Email notifications for review" },
  { id: "manual-review", label: "Manual review mode" },
  { id: "multi-client", label: "Multi-client management" },
  { id: "agency-surprise", label: "Something new for agencies" },
] as const satisfies readonly Capability[];

export type CapabilityId = (typeof capabilities)[number]["id"];

/** A capability's availability as published: what the pages resolve every capability through. */
export type AvailabilityOf = (id: CapabilityId) => Availability;

export const isCapabilityId = (value: unknown): value is CapabilityId => capabilities.some((entry) => entry.id === value);

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

export function point(id: CapabilityId, availability: AvailabilityOf): CapabilityPoint {
  return { label: getCapability(id).label, availability: availability(id) };
}

/** The capabilities that are not available, with the words that name them: what the copy rules look for. */
export function unavailableMentions(availability: AvailabilityOf): { id: string; mentions: RegExp }[] {
  return capabilities.flatMap((capability) =>
    availability(capability.id) !== "available" && "mentions" in capability ? [{ id: capability.id, mentions: capability.mentions }] : [],
  );
}

/** The integrations strip: every third-party tool, available ones first. */
export function integrationTools(availability: AvailabilityOf) {
  const order: Availability[] = ["available", "planned", "coming-soon"];
  return capabilities
    .filter((entry): entry is Extract<(typeof capabilities)[number], { integration: object }> => "integration" in entry)
    .map((entry) => ({ id: entry.id, availability: availability(entry.id), ...entry.integration }))
    .sort((a, b) => order.indexOf(a.availability) - order.indexOf(b.availability));
}

/** "Instantly and Smartlead", "A, B and C": the tools of one kind that are available today. */
export function availableToolNames(mark: IntegrationMark, availability: AvailabilityOf): string {
  const names = integrationTools(availability)
    .filter((tool) => tool.mark === mark && tool.availability === "available")
    .map((tool) => tool.name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** How prose states a capability's availability: "Slack notifications are planned." reads `are ${statusPhrase(id)}`. */
export function statusPhrase(id: CapabilityId, availability: AvailabilityOf): string {
  const status = availability(id);
  return status === "available" ? "available today" : status === "planned" ? "planned" : "coming soon";
}
