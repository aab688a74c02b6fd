import { z } from "./zod";
import { emailField, LIMITS } from "./form-fields";

export const NEWSLETTER_FIELDS = ["email", "source"] as const;

export const NewsletterSchema = z.object({
  email: emailField,
  // The page the block sat on; anything that is not a site path is recorded as the home page.
  source: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value && /^\/[\w\-./]*$/.test(value) && value.length <= LIMITS.source ? value : "/")),
});

export type Newsletter = z.infer<typeof NewsletterSchema>;
