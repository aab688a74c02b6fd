import { statusPhrase, type AvailabilityOf } from "./capabilities";
import type { IconName } from "./icons";
import type { MiniSceneName } from "./product-scenes";
import type { StatId } from "./stats";

export interface IconCard {
  icon: IconName;
  title: string;
  description: string;
}

export interface Step {
  title: string;
  description: string;
  icon: IconName;
  /** The product scene at the top of the step. */
  scene: MiniSceneName;
}

/** The hero; its eyebrow and note are dated and come from launchCopy(today) in launch.ts. */
export const homeHero = {
  title: "Human-Like Inbox Management for your cold email replies",
  description:
    "Replywise plugs into your outbound tools, replies like a human, follows up on time and books meetings automatically, so no lead waits more than 5 minutes, around the clock.",
  cards: [
    {
      icon: "clock",
      title: "Replies in under 5 minutes",
      description: "Every interested lead gets a thoughtful answer while they still care, 24/7.",
    },
    {
      icon: "message-square",
      title: "Sounds like your team",
      description: "Trained on your offer, your objections and your tone, per client.",
    },
    {
      icon: "calendar-check",
      title: "Books the meeting",
      description: "Sends the invite when a lead is ready. Meeting invites cost 0 credits.",
    },
  ],
} as const satisfies { title: string; description: string; cards: readonly IconCard[] };

export const howItWorks = {
  title: "How It Works",
  description: "From the first reply to a booked meeting in three steps, without anyone watching the inbox.",
  steps: [
    {
      icon: "inbox",
      scene: "webhook",
      title: "Receive inquiries",
      description: "Your sending tool forwards every reply to Replywise through its webhook the moment it arrives.",
    },
    {
      icon: "sparkles",
      scene: "reply",
      title: "AI response generation",
      description: "Replywise classifies the reply, reads the sentiment and writes an answer from your knowledge base and style.",
    },
    {
      icon: "trending-up",
      scene: "sequence",
      title: "Convert leads",
      description: "Objections are handled, follow-ups go out on time and ready leads receive a meeting invite.",
    },
  ],
} as const satisfies { title: string; description: string; steps: readonly Step[] };

/** The benefits' cards; one quotes a statistic, one a capability's availability, both as published (docs/decisions/035). */
export function whyChooseBenefits(statValue: (id: StatId) => string, availability: AvailabilityOf): IconCard[] {
  return [
    {
      icon: "zap",
      title: "Speed that converts",
      description: "A reply within 5 minutes, at 3 a.m. or on a Sunday, while the lead is still thinking about you.",
    },
    {
      icon: "clock",
      title: "Hours back every week",
      description: `Stop sorting out-of-office notes and 'send me more info' replies by hand. Our target: ${statValue("hours-saved")} hours a week for a busy team.`,
    },
    {
      icon: "globe",
      title: "Every time zone and language",
      description: "Leads are answered in their own language during their own working day.",
    },
    {
      icon: "shield-check",
      title: "You stay in control",
      description: `Get notified by email, review drafts in manual mode and tune every manager. Slack notifications are ${statusPhrase("slack-notifications", availability)}.`,
    },
  ];
}

export const whyChoose = {
  title: "Why Choose Replywise",
  description: "Built for people who send cold email at volume and cannot afford to let a warm reply go cold.",
} as const satisfies { title: string; description: string };

/** The statistics shown on the home page, in this order, with the line that says what they are. */
export const homeStats = {
  ids: ["hours-saved", "response-rate", "more-meetings", "satisfaction"],
  note: "These four figures are our targets for teams that use Replywise, not measured results.",
} as const satisfies { ids: readonly StatId[]; note: string };

export const conversionBanner = {
  statId: "speed-to-lead",
  title: "Speed-to-lead is the whole game",
  description: "Replywise answers every reply in under 5 minutes, around the clock, so you are always the first to respond.",
} as const satisfies { statId: StatId; title: string; description: string };

/** The closing call to action; its line is dated (launchCopy(today).closing). */
export const closingCta = {
  title: "Ready to answer every lead in under 5 minutes?",
} as const;

/** The headings and intros of home's other sections; edited in the browser from here on (docs/decisions/035). */
export const homeSectionCopy = {
  integrations: {
    title: "Works with your outbound stack",
    description: "Connect the tools you already send with. Planned integrations are on the roadmap.",
  },
  testimonials: {
    title: "Trusted by Growing Businesses",
    description: "What early-access teams say after handing their replies to Replywise.",
  },
  faq: { title: "Frequently Asked Questions", description: "Everything teams ask before they switch on Replywise." },
  latestPosts: {
    title: "Latest from our Blog",
    description: "Practical ideas on cold email, reply handling and speed-to-lead.",
  },
} as const satisfies Record<string, { title: string; description: string }>;
