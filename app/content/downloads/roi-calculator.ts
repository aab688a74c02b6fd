// Source of the Campaign ROI Calculator spreadsheet (scripts/resources/roi-workbook.ts writes it).
// Formulas name other rows as {id}; the builder turns them into cell references. `compute` gives the same
// result in TypeScript so the file carries cached values for viewers that do not recalculate.
import { formatUsd, plans } from "../plans";

/** Currency is always shown with cents. */
export type RoiFormat = "integer" | "decimal" | "percent" | "currency" | "text";

export interface RoiInput {
  id: string;
  label: string;
  value: number;
  format: Exclude<RoiFormat, "text" | "decimal">;
  /** Upper bound for validation; percentages are fractions, so 1 means 100%. */
  max?: number;
  note: string;
}

export interface RoiOutput {
  id: string;
  label: string;
  formula: string;
  format: RoiFormat;
  note: string;
  highlight?: boolean;
  compute: (values: Readonly<Record<string, number | string>>) => number | string;
}

export const roiPlans = plans.map(({ name, price, credits }) => ({ name, price, credits }));

export const roiInputs = [
  {
    id: "emails",
    label: "Emails sent per month",
    value: 2000,
    format: "integer",
    note: "New prospects emailed per month. Count each prospect once: a 4-step sequence to 1,000 people is 1,000.",
  },
  {
    id: "replyRate",
    label: "Reply rate %",
    value: 0.05,
    format: "percent",
    max: 1,
    note: "Prospects who reply at any step of the sequence. Healthy B2B outbound: 3% to 8%.",
  },
  {
    id: "positiveShare",
    label: "Positive reply share %",
    value: 0.35,
    format: "percent",
    max: 1,
    note: "Share of replies that are interested, a real question or a referral. Typical: 30% to 50%.",
  },
  {
    id: "meetingRate",
    label: "Meeting booked rate %",
    value: 0.5,
    format: "percent",
    max: 1,
    note: "Positive replies that become a booked meeting. 40% to 70% when replies are answered within minutes.",
  },
  {
    id: "showRate",
    label: "Show rate %",
    value: 0.8,
    format: "percent",
    max: 1,
    note: "Booked meetings that actually take place. Typical: 75% to 90%.",
  },
  {
    id: "closeRate",
    label: "Close rate %",
    value: 0.2,
    format: "percent",
    max: 1,
    note: "Held meetings that become a won deal. Use your own CRM figure.",
  },
  {
    id: "dealValue",
    label: "Average deal value",
    value: 3000,
    format: "currency",
    note: "Revenue from one won deal, for example its first-year value.",
  },
  {
    id: "planCost",
    label: "Replywise plan cost per month",
    value: 60,
    format: "currency",
    note: `Plans: ${roiPlans.map((plan) => `${plan.name} ${formatUsd(plan.price)} (${plan.credits} credits)`).join(", ")}. 1 credit = 1 reply; meeting invites are free.`,
  },
  {
    id: "otherCosts",
    label: "Other outreach costs per month",
    value: 300,
    format: "currency",
    note: "Sending tool, domains, inboxes, data and verification. Enter 0 to measure the plan alone.",
  },
] as const satisfies readonly RoiInput[];

const n = (values: Readonly<Record<string, number | string>>, id: string): number => {
  const value = values[id];
  return typeof value === "number" ? value : 0;
};

export const roiOutputs = [
  {
    id: "replies",
    label: "Replies",
    formula: "{emails}*{replyRate}",
    format: "decimal",
    note: "Emails sent × reply rate",
    compute: (v) => n(v, "emails") * n(v, "replyRate"),
  },
  {
    id: "positiveReplies",
    label: "Positive replies",
    formula: "{replies}*{positiveShare}",
    format: "decimal",
    note: "Replies × positive reply share",
    compute: (v) => n(v, "replies") * n(v, "positiveShare"),
  },
  {
    id: "meetings",
    label: "Meetings booked",
    formula: "{positiveReplies}*{meetingRate}",
    format: "decimal",
    note: "Positive replies × meeting booked rate",
    compute: (v) => n(v, "positiveReplies") * n(v, "meetingRate"),
  },
  {
    id: "meetingsHeld",
    label: "Meetings held",
    formula: "{meetings}*{showRate}",
    format: "decimal",
    note: "Meetings booked × show rate",
    compute: (v) => n(v, "meetings") * n(v, "showRate"),
  },
  {
    id: "deals",
    label: "Deals won",
    formula: "{meetingsHeld}*{closeRate}",
    format: "decimal",
    note: "Meetings held × close rate",
    compute: (v) => n(v, "meetingsHeld") * n(v, "closeRate"),
  },
  {
    id: "revenue",
    label: "Revenue",
    formula: "{deals}*{dealValue}",
    format: "currency",
    note: "Deals won × average deal value",
    highlight: true,
    compute: (v) => n(v, "deals") * n(v, "dealValue"),
  },
  {
    id: "totalCost",
    label: "Total monthly cost",
    formula: "{planCost}+{otherCosts}",
    format: "currency",
    note: "Replywise plan + other outreach costs",
    compute: (v) => n(v, "planCost") + n(v, "otherCosts"),
  },
  {
    id: "netReturn",
    label: "Net return",
    formula: "{revenue}-{totalCost}",
    format: "currency",
    note: "Revenue - total monthly cost",
    compute: (v) => n(v, "revenue") - n(v, "totalCost"),
  },
  {
    id: "roi",
    label: "ROI %",
    formula: 'IF({totalCost}=0,"n/a",({revenue}-{totalCost})/{totalCost})',
    format: "percent",
    note: "(Revenue - cost) / cost",
    highlight: true,
    compute: (v) => (n(v, "totalCost") === 0 ? "n/a" : (n(v, "revenue") - n(v, "totalCost")) / n(v, "totalCost")),
  },
  {
    id: "costPerMeeting",
    label: "Cost per meeting",
    formula: 'IF({meetings}=0,"n/a",{totalCost}/{meetings})',
    format: "currency",
    note: "Total monthly cost / meetings booked",
    highlight: true,
    compute: (v) => (n(v, "meetings") === 0 ? "n/a" : n(v, "totalCost") / n(v, "meetings")),
  },
  {
    id: "credits",
    label: "Reply credits needed (at least)",
    formula: "ROUNDUP({replies},0)",
    format: "integer",
    note: "One credit per reply answered; conversations with several answers use more",
    compute: (v) => Math.ceil(n(v, "replies") - 1e-9),
  },
  {
    id: "plan",
    label: "Smallest plan that covers it",
    formula: 'IF({credits}<=50,"Starter",IF({credits}<=250,"Professional",IF({credits}<=750,"Agencies","Agencies + custom plan")))',
    format: "text",
    note: "Compares credits needed with each plan's monthly credits",
    compute: (v) => {
      const credits = n(v, "credits");
      return credits <= 50 ? "Starter" : credits <= 250 ? "Professional" : credits <= 750 ? "Agencies" : "Agencies + custom plan";
    },
  },
] as const satisfies readonly RoiOutput[];

export const roiHowTo = {
  title: "How to use this calculator",
  steps: [
    "Go to the ROI Calculator sheet. Yellow cells with blue numbers are inputs; everything else is calculated.",
    "Enter how many new prospects you email per month, then your reply, positive reply, meeting, show and close rates. Start with your own numbers from the last 90 days; the notes give typical ranges if you have none yet.",
    "Enter your average deal value, the Replywise plan you are considering and your other monthly outreach costs.",
    "Read the outputs: replies, positive replies, meetings, deals, revenue, ROI and cost per meeting for one month of outreach.",
    "Try scenarios: raise the meeting booked rate to see what answering every reply within five minutes is worth, or halve the reply rate to see your downside.",
    "Check the last two rows: the credits you need and the smallest plan that covers them.",
  ],
  notes: [
    "Revenue arrives after your sales cycle, so read the result as the value of one month's prospects, not as cash in the same month.",
    "Percentages are entered as percentages (5%), and the spreadsheet stores them as fractions (0.05).",
    "ROI = (revenue - total cost) / total cost. Cost per meeting = total cost / meetings booked.",
    "If your spreadsheet app shows no numbers in the outputs, turn on automatic calculation (in Excel: Formulas, Calculation Options, Automatic).",
  ],
} as const;
