// An experiment's variants (docs/decisions/048): two to four, keyed a to d, each with its share of the visits in whole
// percent (adding to 100) and the split block's fields as it shows them. The first is the block as published.
import { z } from "~/lib/forms/zod";

export const VARIANT_KEYS = ["a", "b", "c", "d"] as const;
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = VARIANT_KEYS.length;

export const EXPERIMENT_GOALS = [
  { value: "demos", label: "Demos booked", plural: "demos booked" },
  { value: "leads", label: "Leads", plural: "leads" },
  { value: "qualified", label: "Qualified leads", plural: "qualified leads" },
  { value: "won", label: "Won", plural: "won deals" },
] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number]["value"];
export const isExperimentGoal = (value: unknown): value is ExperimentGoal => EXPERIMENT_GOALS.some((goal) => goal.value === value);

const VariantSchema = z.object({
  key: z.enum(VARIANT_KEYS),
  name: z.string().min(1).max(60),
  share: z.number().int().min(1).max(99),
  fields: z.record(z.string(), z.string().max(20_000)),
});
export type Variant = z.output<typeof VariantSchema>;

/** The form's name of a variant's field: `variant.<key>.<field>` (the start form renders it, the server reads it). */
export const variantFieldName = (key: string, field: string) => `variant.${key}.${field}`;

export const VariantsSchema = z.array(VariantSchema).min(MIN_VARIANTS).max(MAX_VARIANTS);

/** Why the shares cannot be used, or undefined: whole percents of at least 1 each, adding to 100. */
export function sharesProblem(shares: readonly number[]): string | undefined {
  if (shares.some((share) => !Number.isInteger(share) || share < 1 || share > 99))
    return "Each variant's share is a whole percent from 1 to 99.";
  const total = shares.reduce((sum, share) => sum + share, 0);
  if (total !== 100) return `The shares add up to ${total}%: they must add up to 100%.`;
  return undefined;
}
