// The home page's six questions as first published (the FAQ collection's initial content, docs/decisions/035), and
// the pricing questions, written from the published plans.
import { availableToolNames, statusPhrase } from "./capabilities";
import type { LaunchCopy } from "./launch";
import { freeReplies, type Plan } from "./plans";
import { initialAvailability } from "./roadmap";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The six questions of the home page FAQ (also published as FAQPage structured data). */
export const faq = [
  {
    question: "How does Replywise connect to my cold email tool?",
    answer: `You connect your sending tool (${availableToolNames("send", initialAvailability)} today) through its API and add the Replywise webhook. From then on every reply is forwarded the moment it arrives, and answers go back out through the same mailbox, so the lead sees one continuous thread.`,
  },
  {
    question: "Will leads know they are talking to an AI?",
    answer:
      "Not unless you tell them. Replies go out from your own mailbox, in your sender's name and voice, with no AI label by default. To disclose it, add a line such as 'Drafted with AI, reviewed by our team' to an inbox manager's response style and it goes into every reply. A reply that asks 'is this a bot?' can be caught by a trigger keyword and held for manual review, so a person answers it. Some laws, such as the EU AI Act's transparency rules, can require you to tell people when they interact with an AI; check what applies to your campaigns.",
  },
  {
    question: "What counts as a credit?",
    answer: `1 credit = 1 reply. Meeting invites cost 0 credits, and Replywise detects meetings that are already booked so no duplicate invite is sent. Every new account starts with ${freeReplies} free replies.`,
  },
  {
    question: "Can I manage several clients?",
    answer:
      "Yes. Each inbox manager belongs to one client and has its own knowledge base, keywords, tags and style. Multi-client management is included in the Professional and Agencies plans.",
  },
  {
    question: "How fast are replies sent?",
    answer: `The target is under 5 minutes, 24/7, in every time zone and language. You can also route certain reply types to a person and be notified by email. Slack notifications are ${statusPhrase("slack-notifications", initialAvailability)}.`,
  },
  {
    question: "Do I need a credit card to start?",
    answer: `No. You get ${freeReplies} free replies without a credit card. Paid plans are billed monthly and you can change or cancel them at any time from the application.`,
  },
] as const satisfies readonly FaqEntry[];

/** The questions a buyer asks on /pricing, from the plans as published; the early-access answer depends on the day. */
export function pricingFaq(launch: Pick<LaunchCopy, "offerAnswer">, plans: readonly Plan[]): FaqEntry[] {
  const [starter, professional, agencies] = plans as [Plan, Plan, Plan];
  return [
    {
      question: "What happens when my credits run out?",
      answer:
        "Replywise stops sending written replies until your credits renew at the start of your next billing month, or until you move to a larger plan, which you can do at any time. Meeting invites cost 0 credits and still go out, and email notifications keep telling you about new replies, so none goes unseen. Unused credits do not carry over into the following billing month.",
    },
    {
      question: `${starter.name} includes up to ${starter.inboxManagers} inbox managers. Why is multi-client management only on ${professional.name} and ${agencies.name}?`,
      answer: `On ${starter.name}, every inbox manager works for your own business: use them for different offers, markets or languages, each with its own knowledge base and style. Multi-client management, on ${professional.name} (up to ${professional.inboxManagers} inbox managers) and ${agencies.name} (up to ${agencies.inboxManagers}), assigns each inbox manager to a separate client, with that client's own campaigns, calendar and reporting, which is what agencies need.`,
    },
    { question: "Is there an early-access discount?", answer: launch.offerAnswer },
    {
      question: "Can I change or cancel my plan?",
      answer:
        "Yes, at any time in the application. A cancellation takes effect at the end of the current billing month: you keep access and your remaining credits until then, and you are not charged again.",
    },
  ];
}
