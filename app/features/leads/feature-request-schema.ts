import { z } from "../../lib/forms/zod";
import { LIMITS } from "~/lib/forms/limits";
import { emailField, optionalText, requiredFields, requiredText } from "../../lib/forms/form-fields";

export const MISSING_FIELDS_MESSAGE = "Please fill in all required fields";

export const FeatureRequestSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your name", "Name"),
  email: emailField,
  company: optionalText(LIMITS.company, "Company"),
  featureTitle: requiredText(LIMITS.title, "Please enter a feature title", "Feature title"),
  description: requiredText(LIMITS.longText, "Please describe the feature", "Description", { multiline: true }),
  useCase: optionalText(LIMITS.longText, "Use case", { multiline: true }),
});

export type FeatureRequest = z.infer<typeof FeatureRequestSchema>;

const REQUIRED = requiredFields(FeatureRequestSchema);

/** The spec's first check: any required field left blank gives one message for the whole form. */
export function hasMissingRequiredFields(values: Partial<Record<string, unknown>>): boolean {
  return REQUIRED.some((field) => {
    const value = values[field];
    return typeof value !== "string" || value.trim() === "";
  });
}

/** The form's fields as the browser posts them (a type only: the schema itself stays on the server). */
export type FeatureRequestInput = z.input<typeof FeatureRequestSchema>;
