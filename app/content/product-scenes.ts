// The words inside the product scenes (components/visuals): an inbox manager answering a reply, a follow-up sequence,
// a booked meeting and the dashboard. People are roles and clients are letters, never invented names or companies; the
// only figures are the spec's own (under 5 minutes, invites at 0 credits), and the tools are the available ones.
import { integrationTools, type AvailabilityOf } from "./capabilities";

/** The small scenes a card can show above its text: the features grid and How It Works name theirs. */
export type MiniSceneName = "managers" | "webhook" | "reply" | "sequence" | "calendar" | "dashboard";

export type SceneTone = "positive" | "question" | "neutral" | "muted";

export interface SceneThread {
  from: string;
  preview: string;
  tag: string;
  tone: SceneTone;
}

/** The sending tools that forward replies today, by name (the webhook scene's event log). */
export const sendingTools = (availability: AvailabilityOf) =>
  integrationTools(availability)
    .filter((tool) => tool.mark === "send" && tool.availability === "available")
    .map((tool) => tool.name);

/** The hero: one inbox manager's inbox, the reply it answered and the meeting that followed. */
export const inboxScene = {
  window: "Inbox",
  managersHeading: "Inbox managers",
  managers: ["Your sales team", "Client A", "Client B", "Client C"],
  threadsHeading: "Replies",
  threads: [
    { from: "A prospect", preview: "This looks relevant to us. How does pricing work?", tag: "Interested", tone: "positive" },
    { from: "Head of Growth", preview: "Do you also work with agencies?", tag: "Question", tone: "question" },
    { from: "Founder", preview: "Not a priority right now, thanks.", tag: "Not now", tone: "neutral" },
    { from: "Auto-reply", preview: "I am out of the office until Monday.", tag: "Out of office", tone: "muted" },
    { from: "Operations lead", preview: "Please take me off your list.", tag: "Opted out", tone: "muted" },
  ] satisfies readonly SceneThread[],
  conversation: {
    from: "A prospect",
    role: "VP of Sales",
    receivedAt: "9:12 PM",
    message: "This looks relevant to us. How does pricing work, and could we find a time to talk?",
    labels: ["Interested", "Positive sentiment"],
    replier: "Inbox manager",
    repliedAt: "9:15 PM",
    reply:
      "Thanks for getting back to me! You pay per reply we handle, and meeting invites are free. Would Tuesday at 2:30 PM work for a short call?",
    replyNote: "Answered in under 5 minutes",
  },
  meeting: { title: "Meeting booked", when: "Tuesday, 2:30 PM", note: "Invite sent · 0 credits" },
  live: "Live 24/7",
} as const;

/** A reply arriving through the sending tool's webhook. */
export const webhookScene = {
  endpoint: "POST /webhooks/replies",
  status: "200 OK",
  event: "reply.received",
  received: "Forwarded to the inbox manager",
} as const;

/** The reply read, labeled and answered. */
export const replyScene = {
  message: "Sounds interesting. Can you tell me more?",
  labels: ["Interested", "Positive"],
  reply: "Happy to! Here is how it works for teams like yours...",
  status: "Sent in under 5 minutes",
} as const;

/** A follow-up sequence that stops when the lead books. */
export const sequenceScene = {
  heading: "Follow-up sequence",
  steps: [
    { label: "Reply sent", state: "done" },
    { label: "Follow-up 1", state: "done" },
    { label: "Meeting booked", state: "booked" },
    { label: "Follow-up 2", state: "stopped" },
  ],
  stoppedNote: "Stopped: lead booked",
} as const satisfies {
  heading: string;
  steps: readonly { label: string; state: "done" | "booked" | "stopped" }[];
  stoppedNote: string;
};

/** The week with the meeting the inbox manager booked. */
export const calendarScene = {
  days: ["Mon", "Tue", "Wed", "Thu", "Fri"],
  bookedDay: 1,
  meeting: "Intro call",
  notes: ["Invite sent · 0 credits", "No duplicate found"],
} as const;

/** One inbox manager per client, each with its own knowledge base and tone. */
export const managersScene = {
  managers: [
    { name: "Client A", detail: "Friendly tone" },
    { name: "Client B", detail: "Formal tone" },
    { name: "Client C", detail: "Concise tone" },
  ],
  status: "Active",
} as const;

/** The performance dashboard: shapes, not numbers, since a dashboard with figures would be figures we have not measured. */
export const dashboardScene = {
  heading: "Performance",
  volume: "Replies handled",
  days: ["M", "T", "W", "T", "F", "S", "S"],
  sentiment: "Sentiment",
  sentimentParts: ["Positive", "Neutral", "Negative"],
  responseTime: "Response time",
  responseTimeValue: "Under 5 min",
} as const;
