// The three subscription plans (spec section 9) as first published: the plans collection's initial content
// (docs/decisions/035); the pages read the published plans. Prices are per month, billed monthly.
import { getCapability, type AvailabilityOf, type CapabilityId, type ListPoint } from "./capabilities";

/** A line of a plan's list: free text, or a capability, shown with the availability the roadmap gives it. */
export type PlanFeature = string | { capability: CapabilityId };

export interface Plan {
  id: string;
  name: string;
  /** US dollars per period, at most two decimals. */
  price: number;
  period: "month";
  description: string;
  /** At least one: the cost per credit is the price over them (costPerCredit). */
  credits: number;
  inboxManagers: number;
  /** The plan below this one, whose features this plan has too: its list then says only what it adds. */
  includes?: string;
  /** Only available capabilities belong here (publishing checks it): a plan never sells a planned one. */
  features: readonly PlanFeature[];
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
    inboxManagers: 5,
    features: [
      "50 AI replies every month",
      "Up to 5 inbox managers for your own business",
      "Reply classification and objection handling",
      "Automated follow-ups",
      "Automatic meeting invites at 0 credits",
      { capability: "email-notifications" },
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
    inboxManagers: 10,
    includes: "starter",
    features: [
      "250 AI replies every month",
      "Up to 10 inbox managers",
      { capability: "multi-client" },
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

/** A plan's list as a card shows it: each capability with its availability. */
export const planPoints = (plan: Pick<Plan, "features">, availability: AvailabilityOf): ListPoint[] =>
  plan.features.map((feature) =>
    typeof feature === "string"
      ? feature
      : { label: getCapability(feature.capability).label, availability: availability(feature.capability) },
  );

/** "Everything in Starter, plus": the line above a plan's list when it builds on the plan below it. */
export function includedPlanLine(plan: Plan, plans: readonly Plan[]): string | null {
  const included = plans.find((other) => other.id === plan.includes);
  return included ? `Everything in ${included.name}, plus` : null;
}

/**
 * US dollars per credit (one credit answers one reply): the price over the credits, to the cent the page shows. Computed,
 * never typed, so it cannot disagree with the price and credits beside it (decision 035).
 */
export function costPerCredit(plan: Pick<Plan, "price" | "credits">): number {
  return plan.credits > 0 ? Math.round((plan.price / plan.credits) * 100) / 100 : 0;
}

/** US dollars, always with cents: "$15.00", "$0.30". */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
