import type { IconName } from "./icons";

export type RoadmapStatus = "completed" | "planned" | "secret";

export interface RoadmapFeature {
  name: string;
  description: string;
  icon: IconName;
  status: RoadmapStatus;
}

export interface RoadmapMonth {
  /** ISO month, YYYY-MM. */
  month: string;
  label: string;
  features: readonly RoadmapFeature[];
}

export const roadmapStatusLabels = {
  completed: "Completed",
  planned: "Planned",
  secret: "Coming Soon",
} as const satisfies Record<RoadmapStatus, string>;

export const roadmap = [
  {
    month: "2025-08",
    label: "August 2025",
    features: [
      {
        name: "Email-sending platform integration",
        description: "Connect your cold-email sending tool through its API and webhooks so every reply reaches Replywise instantly.",
        icon: "send",
        status: "completed",
      },
      {
        name: "Chat-tool integration",
        description: "Get notified in your team chat when a reply needs review, and approve or edit the answer from there.",
        icon: "message-circle",
        status: "planned",
      },
    ],
  },
  {
    month: "2025-09",
    label: "September 2025",
    features: [
      {
        name: "Outreach platform integration",
        description: "Bring replies from a second outreach platform into the same inbox managers and analytics.",
        icon: "plug",
        status: "planned",
      },
      {
        name: "Something new for agencies",
        description: "We are building something agencies have asked for since day one. Details soon.",
        icon: "gift",
        status: "secret",
      },
    ],
  },
] as const satisfies readonly RoadmapMonth[];

export const stayUpdated = {
  title: "Stay Updated",
  description:
    "New integrations ship every month. Start with 50 free replies to get every new feature as it lands, or follow our progress on the blog.",
} as const;
