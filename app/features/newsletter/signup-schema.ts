import { z } from "../../lib/forms/zod";
import { LIMITS } from "~/lib/forms/limits";
import { emailField } from "../../lib/forms/form-fields";

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

/** The form's fields as the browser posts them (a type only: the schema itself stays on the server). */
export type NewsletterInput = z.input<typeof NewsletterSchema>;
