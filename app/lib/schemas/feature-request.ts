import { z } from "./zod";
import { emailField, LIMITS, optionalText, requiredText } from "./form-fields";

export const FEATURE_REQUEST_FIELDS = ["name", "email", "company", "featureTitle", "description", "useCase"] as const;
export const FEATURE_REQUEST_REQUIRED = ["name", "email", "featureTitle", "description"] as const;

export const MISSING_FIELDS_MESSAGE = "Please fill in all required fields";

export const FeatureRequestSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your name", "Name"),
  email: emailField,
  company: optionalText(LIMITS.company, "Company"),
  featureTitle: requiredText(LIMITS.title, "Please enter a feature title", "Feature title"),
  description: requiredText(LIMITS.longText, "Please describe the feature", "Description"),
  useCase: optionalText(LIMITS.longText, "Use case"),
});

export type FeatureRequest = z.infer<typeof FeatureRequestSchema>;

/** The spec's first check: any required field left blank gives one message for the whole form. */
export function hasMissingRequiredFields(values: Partial<Record<string, unknown>>): boolean {
  return FEATURE_REQUEST_REQUIRED.some((field) => {
    const value = values[field];
    return typeof value !== "string" || value.trim() === "";
  });
}
