import { z } from "../../lib/forms/zod";
import { LIMITS } from "~/lib/forms/limits";
import { emailField, optionalText, requiredText } from "../../lib/forms/form-fields";

export const ContactFormSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name", "Name"),
  email: emailField,
  companyName: optionalText(LIMITS.company, "Company name"),
  message: requiredText(LIMITS.longText, "Please enter a message", "Message", { multiline: true }),
});

export type ContactForm = z.infer<typeof ContactFormSchema>;

/** The form's fields as the browser posts them (a type only: the schema itself stays on the server). */
export type ContactFormInput = z.input<typeof ContactFormSchema>;
