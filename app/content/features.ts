// The cards and audiences of /features. Capability points and tool names are resolved from the availability the
// published roadmap says (docs/decisions/035), so a capability moved to Completed is sold here at once.
import { availableToolNames, point, type AvailabilityOf, type ListPoint } from "./capabilities";
import type { IconName } from "./icons";
import type { MiniSceneName } from "./product-scenes";

export interface Feature {
  id: string;
  icon: IconName;
  title: string;
  description: string;
  /** The product scene at the top of its card. */
  scene: MiniSceneName;
  /** Capability points show their availability: a planned one reads "Planned", never a check mark. */
  points?: readonly ListPoint[];
}

export interface Audience {
  id: string;
  icon: IconName;
  title: string;
  description: string;
  points: readonly string[];
}

/** The six cards of /features, with each capability as `availability` says. */
export const featureCards = (availability: AvailabilityOf) =>
  [
    {
      id: "multi-client-inbox",
      scene: "managers",
      icon: "inbox",
      title: "Multi-Client Inbox",
      description:
        "Run one inbox manager per client, each with its own knowledge base, trigger keywords, tags and response style, so every reply sounds like the brand it comes from.",
      points: [
        "Separate knowledge base per client",
        "Own tone of voice and signature",
        "Multi-client management on Professional and Agencies",
      ],
    },
    {
      id: "webhook-integration",
      scene: "webhook",
      icon: "webhook",
      title: "Webhook Integration",
      description:
        "Connect your cold-email sending tool through its API and webhooks. New replies reach Replywise the second they land, from every campaign and mailbox.",
      points: [
        point("instantly", availability),
        point("smartlead", availability),
        "Works across all your sending accounts",
        point("lemlist", availability),
      ],
    },
    {
      id: "ai-auto-responses",
      scene: "reply",
      icon: "bot",
      title: "AI Auto-Responses",
      description:
        "Every reply is classified, objections are handled and an answer goes out in under 5 minutes, written like your best rep would write it, in the lead's own language.",
      points: ["Reply classification and sentiment", "Objection handling from your playbook", "All time zones and languages"],
    },
    {
      id: "automated-follow-ups",
      scene: "sequence",
      icon: "repeat",
      title: "Automated Follow-Ups",
      description:
        "Interested leads who go quiet get a timely, relevant nudge. Sequences stop the moment they answer or book, so nobody is chased twice.",
      points: ["Follow-up sequences per inbox manager", "Stops on reply or booking", "Manual review mode when you want it"],
    },
    {
      id: "calendar-integration",
      scene: "calendar",
      icon: "calendar-check",
      title: "Calendar Integration",
      description:
        "When a lead is ready, Replywise sends a meeting invite through your calendar or scheduling link. Invites cost 0 credits, and meetings already booked are detected so no duplicate goes out.",
      points: [
        `${availableToolNames("calendar", availability)}, or ${availableToolNames("link", availability)} links`,
        "Duplicate booking detection",
        "Meeting invites cost 0 credits",
      ],
    },
    {
      id: "analytics",
      scene: "dashboard",
      icon: "bar-chart-3",
      title: "Analytics",
      description:
        "See reply volume, sentiment, response times and meetings booked per client and per campaign on one performance dashboard.",
      points: [
        "Performance dashboard",
        "Sentiment analysis",
        point("email-notifications", availability),
        point("slack-notifications", availability),
      ],
    },
  ] as const satisfies readonly Feature[];

/** The two audiences of /features. */
export const audiences = [
  {
    id: "sales-teams",
    icon: "target",
    title: "Sales Teams",
    description:
      "Your reps should be running meetings, not triaging inboxes. Replywise answers every positive reply in minutes, handles the common objections and books the call, day and night.",
    points: [
      "No lead waits more than 5 minutes, 24/7",
      "Objections answered from your own playbook",
      "Meetings land straight in the rep's calendar",
      "Review anything before it goes out, if you prefer",
    ],
  },
  {
    id: "agencies",
    icon: "building",
    title: "Agencies",
    description:
      "Manage replies for every client from one place without mixing their voices. Each client gets an inbox manager that knows their offer, their tone and their calendar.",
    points: [
      "One inbox manager per client, up to 30",
      "Per-client knowledge base, keywords and tags",
      "Client-level analytics for your reports",
      "Multi-client management on Professional and Agencies",
    ],
  },
] as const satisfies readonly Audience[];

/** The headings and intros of /features; edited in the browser from here on (docs/decisions/035). */
export const featuresPageCopy = {
  header: {
    title: "Everything your inbox needs to turn replies into meetings",
    description:
      "Replywise reads every reply, answers like your best rep, follows up on time and books the meeting, for one team or thirty clients.",
  },
  audiences: { title: "Built for sales teams and agencies", description: "Two ways teams use Replywise every day." },
  results: {
    title: "What faster replies are worth",
    description: "The targets we set for teams that use Replywise, and the research behind the 5-minute rule.",
  },
} as const satisfies Record<string, { title: string; description: string }>;
