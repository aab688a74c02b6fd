// Integrations are named generically and drawn with our own simple marks: no third-party logos.

export type IntegrationMark = "send" | "outbound" | "calendar" | "link" | "more";

export interface Integration {
  id: string;
  name: string;
  detail: string;
  mark: IntegrationMark;
  comingSoon?: boolean;
}

export const integrations = [
  { id: "sending-tool", name: "Cold-email sending tool", detail: "API + webhooks", mark: "send" },
  { id: "outbound-tools", name: "Outbound platforms", detail: "Further outbound tools", mark: "outbound" },
  { id: "calendar", name: "Calendar service", detail: "Meeting invites", mark: "calendar" },
  { id: "scheduling-link", name: "Scheduling links", detail: "Booking pages", mark: "link" },
  { id: "more", name: "More integrations", detail: "Coming soon", mark: "more", comingSoon: true },
] as const satisfies readonly Integration[];
