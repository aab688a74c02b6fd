// The three subscription plans (spec section 9). Prices are per month, billed monthly.
import { point, type ListPoint } from "./capabilities";

export interface Plan {
  id: string;
  name: string;
  /** Whole US dollars per period. */
  price: number;
  period: "month";
  description: string;
  credits: number;
  /** US dollars per credit (one credit answers one reply). */
  costPerCredit: number;
  inboxManagers: number;
  /** The plan below this one, whose features this plan has too: its list then says only what it adds. */
  includes?: string;
  /** Only available capabilities belong here (the content test checks it): a plan never sells a planned one. */
  features: readonly ListPoint[];
  popular: boolean;
}

export const planButtonText = "Get 50 Free Replies";
export const freeReplies = 50;

export const creditRules = [
  "1 credit = 1 reply",
  "Meeting invites cost 0 credits",
  "Every new account starts with 50 free replies, no credit card required",
] as const;

export const plans = [
  {
    id: "starter",
    name: "Starter",
    price: 15,
    period: "month",
    description: "For founders and solo sellers who want every reply answered in minutes.",
    credits: 50,
    costPerCredit: 0.3,
    inboxManagers: 5,
    features: [
      "50 AI replies every month",
      "Up to 5 inbox managers for your own business",
      "Reply classification and objection handling",
      "Automated follow-ups",
      "Automatic meeting invites at 0 credits",
      point("email-notifications"),
    ],
    popular: false,
  },
  {
    id: "professional",
    name: "Professional",
    price: 60,
    period: "month",
    description: "For sales teams running several campaigns and clients at once.",
    credits: 250,
    costPerCredit: 0.24,
    inboxManagers: 10,
    includes: "starter",
    features: [
      "250 AI replies every month",
      "Up to 10 inbox managers",
      point("multi-client"),
      "Knowledge base, trigger keywords and tags per manager",
      "Sentiment analysis and analytics dashboard",
    ],
    popular: true,
  },
  {
    id: "agencies",
    name: "Agencies",
    price: 150,
    period: "month",
    description: "For lead-generation agencies answering for many clients around the clock.",
    credits: 750,
    costPerCredit: 0.2,
    inboxManagers: 30,
    includes: "professional",
    features: [
      "750 AI replies every month",
      "Up to 30 inbox managers",
      "A separate response style for every client",
      "Performance dashboard across all clients",
    ],
    popular: false,
  },
] as const satisfies readonly Plan[];

/** "Everything in Starter, plus": the line above a plan's list when it builds on the plan below it. */
export function includedPlanLine(plan: Plan): string | null {
  const included = plans.find((other) => other.id === plan.includes);
  return included ? `Everything in ${included.name}, plus` : null;
}

/** US dollars, always with cents: "$15.00", "$0.30". */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
