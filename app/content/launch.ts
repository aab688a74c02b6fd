// The dated facts of the launch, stored once as dates. Copy is written from them for a given day, so it never says
// "next month" and turns to the past tense by itself once the day has passed (loaders pass today's date).
import { formatLongDate, formatMonth, hasArrived } from "~/lib/dates";
import { formatUsd, type Plan } from "./plans";

/** Public launch. Until this day Replywise is in early access. */
export const launchDate = "2027-01-12";

/** The early-access discount: accounts that subscribe to a plan before launch pay less for their first months. */
export const earlyAccessOffer = { subscribeBefore: launchDate, percentOff: 50, months: 3 } as const;

export function isLaunched(today: string): boolean {
  return hasArrived(launchDate, today);
}

/** A plan's monthly price during the early-access offer, or null once the offer has ended. */
export function earlyAccessPrice(plan: Pick<Plan, "price">, today: string): string | null {
  if (hasArrived(earlyAccessOffer.subscribeBefore, today)) return null;
  return formatUsd(plan.price * (1 - earlyAccessOffer.percentOff / 100));
}

/** The line a plan card shows during the offer: "Early access: $7.50 a month for your first 3 months". */
export function earlyAccessPlanLine(plan: Pick<Plan, "price">, today: string): string | null {
  const price = earlyAccessPrice(plan, today);
  return price ? `Early access: ${price} a month for your first ${earlyAccessOffer.months} months` : null;
}

/** Every sentence about the launch and the early-access offer, as it reads on `today`. */
export function launchCopy(today: string) {
  const month = formatMonth(launchDate);
  const { percentOff, months } = earlyAccessOffer;
  const deadline = formatLongDate(earlyAccessOffer.subscribeBefore);
  if (isLaunched(today)) {
    return {
      eyebrow: `Publicly available since ${month}`,
      spots: "No credit card required.",
      closing: "Start with 50 free replies. No credit card required.",
      story: `Replywise spent its first months in early access with a small group of sales teams and agencies, and launched publicly in ${month}.`,
      register: `Replywise has been publicly available since ${month}.`,
      offer: null,
      offerAnswer: `The early-access offer ended when Replywise launched in ${month}. The prices above apply to every new subscription.`,
    };
  }
  return {
    eyebrow: `Early access: public launch in ${month}, ${percentOff}% off for early customers`,
    spots: "No credit card required. Early-access spots are limited.",
    closing: "Start with 50 free replies. No credit card required, and early-access spots are limited.",
    story: `Today Replywise is in early access with a small group of sales teams and agencies. Public launch is planned for ${month}, and customers who subscribe before then pay ${percentOff}% less for their first ${months} months.`,
    register: `Early-access spots are limited. Public launch is planned for ${month}; subscribe before ${deadline} and pay ${percentOff}% less for your first ${months} months.`,
    offer: `Early access: subscribe to any plan before ${deadline} and pay ${percentOff}% less for your first ${months} months.`,
    offerAnswer: `Yes, until launch. Subscribe to any plan before ${deadline} and you pay ${percentOff}% less for your first ${months} months; the price shown on each plan applies after that. Your 50 free replies come first either way.`,
  };
}

export type LaunchCopy = ReturnType<typeof launchCopy>;
