// The plans collection (docs/decisions/035): name, price, credits, inbox managers, description, the list (free lines
// and capability lines) and the one popular plan; the cost per credit is computed from the price and credits, never typed. Its schema, form fields and first content; a plan
// selling a capability the roadmap does not call completed is refused at publish (../rules.ts).
import { capabilities, type CapabilityId } from "~/content/capabilities";
import { costPerCredit, formatUsd, plans as initialPlans, type Plan, type PlanFeature } from "~/content/plans";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import type { Collection } from "./collection";

export const PLAN_LIMITS = { name: 40, description: 200, feature: 120, features: 12 } as const;

const MARKUP = /<[a-z!/?]|&[#a-z0-9]+;/i;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const CAPABILITY_IDS = capabilities.map((capability) => capability.id) as [CapabilityId, ...CapabilityId[]];

/** US dollars as the page shows them, with two decimals: a number, not negative, with at most two decimals. */
const dollars = (label: string) =>
  z.union([z.number(), z.string()]).transform((value, context) => {
    const text = String(value).trim();
    const problem = !DECIMAL.test(text)
      ? `${label} must be a number of US dollars, such as 15 or 0.30.`
      : text.startsWith("-")
        ? `${label} cannot be negative.`
        : /\.\d{3,}$/.test(text)
          ? `${label} has at most two decimals: the page shows it as $${Number(text).toFixed(2)}, so write that.`
          : null;
    if (problem) {
      context.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return Number(text);
  });

/** A whole number, not negative (credits, inbox managers). */
const count = (label: string) =>
  z.union([z.number(), z.string()]).transform((value, context) => {
    const text = String(value).trim();
    if (!/^\d{1,6}$/.test(text)) {
      context.addIssue({ code: "custom", message: `${label} must be a whole number, not negative.` });
      return z.NEVER;
    }
    return Number(text);
  });

const featureLine = z.union([z.string(), z.object({ capability: z.enum(CAPABILITY_IDS) })]);

export const PlanEntrySchema = z
  .object({
    id: z.string(),
    name: plainText("The name", PLAN_LIMITS.name).pipe(z.string().min(1, "Name the plan.")),
    price: dollars("The price"),
    period: z.literal("month"),
    description: plainText("The description", PLAN_LIMITS.description).pipe(z.string().min(1, "Say who the plan is for.")),
    // The cost per credit is the price over them: a plan of no credits would have none.
    credits: count("The credits").pipe(
      z.number().min(1, "A plan includes at least one credit: its cost per credit is the price over them."),
    ),
    inboxManagers: count("The inbox managers"),
    includes: z.string().optional(),
    features: z.array(featureLine),
    popular: z.union([z.boolean(), z.enum(["yes", "no"])]).transform((value) => value === true || value === "yes"),
  })
  .superRefine((plan, context) => {
    const lines = plan.features.filter((line): line is string => typeof line === "string");
    const problem =
      plan.features.length === 0
        ? "List at least one thing the plan includes."
        : plan.features.length > PLAN_LIMITS.features
          ? `At most ${PLAN_LIMITS.features} lines.`
          : lines.some((line) => MARKUP.test(line))
            ? "The list cannot contain HTML: write it as plain text."
            : lines.some((line) => line.length > PLAN_LIMITS.feature)
              ? `Each line at most ${PLAN_LIMITS.feature} characters.`
              : null;
    if (problem) context.addIssue({ code: "custom", path: ["features"], message: problem });
  }) satisfies z.ZodType<Plan>;

/** The list as the form's text area shows it: a line each, a capability by its label. */
const featuresText = (features: readonly PlanFeature[]) =>
  features
    .map((feature) => (typeof feature === "string" ? feature : capabilities.find((entry) => entry.id === feature.capability)!.label))
    .join("\n");

/** The text area's lines as the list: a line that is a capability's label (any case) is that capability. */
export function featuresFromText(text: string): PlanFeature[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const capability = capabilities.find((entry) => entry.label.toLowerCase() === line.toLowerCase());
      return capability ? { capability: capability.id } : line;
    });
}

/** A number of dollars as typed, when it is one the schema takes; else null. */
function typedDollars(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  return DECIMAL.test(trimmed) && !trimmed.startsWith("-") ? Number(trimmed) : null;
}

/** The price field's hint, on what is typed in it now: the editor reads how the page will show it. */
function priceHint(values: Readonly<Record<string, string>>): string {
  const price = typedDollars(values.price);
  return price === null
    ? "Shown with two decimals, such as $15.00."
    : `Shown with two decimals: ${(values.price ?? "").trim()} reads ${formatUsd(price)}.`;
}

/** The cost per credit of the price and credits typed now, as /pricing will show it. */
function costPerCreditText(values: Readonly<Record<string, string>>): string {
  const price = typedDollars(values.price);
  const credits = /^\d{1,6}$/.test((values.credits ?? "").trim()) ? Number(values.credits) : 0;
  return price === null || credits < 1
    ? "Computed once the price and the credits are numbers"
    : formatUsd(costPerCredit({ price, credits }));
}

const PLAN_IDS = initialPlans.map((plan) => plan.id);

export const plans: Collection<Plan> = {
  name: "plans",
  title: "Plans",
  description:
    "The three plans on /pricing and in its structured data. A line of a plan's list that is a capability's name is sold as that capability: only a completed one can be.",
  pages: ["/pricing"],
  schema: z
    .array(PlanEntrySchema)
    .refine(
      (entries) => entries.length === PLAN_IDS.length && PLAN_IDS.every((id) => entries.some((plan) => plan.id === id)),
      "The plans are the ones the pricing questions name: edit them, none can be added or removed here.",
    )
    .superRefine((entries, context) => {
      const popular = entries.flatMap((plan, index) => (plan.popular ? [index] : []));
      if (popular.length === 1) return;
      for (const index of popular.length === 0 ? [0] : popular)
        context.addIssue({ code: "custom", path: [index, "popular"], message: "Exactly one plan is marked popular." });
    }),
  fields: [
    { name: "name", label: "Name", kind: "text", max: PLAN_LIMITS.name, copy: "marketing" },
    { name: "price", label: "Price a month (US dollars)", kind: "text", max: 12, hint: priceHint },
    { name: "credits", label: "Credits a month", kind: "text", max: 7 },
    { name: "inboxManagers", label: "Inbox managers", kind: "text", max: 7 },
    { name: "description", label: "Description", kind: "textarea", max: PLAN_LIMITS.description, copy: "marketing" },
    {
      name: "features",
      label: "What it includes (one a line)",
      kind: "textarea",
      copy: "marketing",
      hint: "A line that is a capability's name, such as 'Email notifications for review', shows its availability.",
    },
    {
      name: "popular",
      label: "Popular",
      kind: "select",
      options: [
        { value: "no", label: "No" },
        { value: "yes", label: "Yes: the highlighted plan (exactly one)" },
      ],
    },
  ],
  derived: [
    {
      name: "costPerCredit",
      label: "Cost per credit",
      after: "credits",
      value: costPerCreditText,
      hint: "Computed: the price divided by the credits, to the cent. /pricing and its structured data show this figure.",
    },
  ],
  ordered: false,
  entryTitle: (plan) => plan.name,
  initial: () => structuredClone(initialPlans) as unknown as Plan[],
  formValue: (plan, name) =>
    name === "features" ? featuresText(plan.features) : name === "popular" ? (plan.popular ? "yes" : "no") : undefined,
  fromForm: (values, current) => ({
    id: current?.id ?? "",
    name: values.name ?? "",
    price: values.price ?? "",
    period: "month",
    description: values.description ?? "",
    credits: values.credits ?? "",
    inboxManagers: values.inboxManagers ?? "",
    ...(current?.includes ? { includes: current.includes } : {}),
    features: featuresFromText(values.features ?? ""),
    popular: values.popular ?? "no",
  }),
};
