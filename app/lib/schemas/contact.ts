import { z } from "./zod";
import { emailField, LIMITS, optionalText, requiredText } from "./form-fields";

export const CONTACT_FIELDS = ["name", "email", "companyName", "message"] as const;

export const ContactFormSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name", "Name"),
  email: emailField,
  companyName: optionalText(LIMITS.company, "Company name"),
  message: requiredText(LIMITS.longText, "Please enter a message", "Message"),
});

export type ContactForm = z.infer<typeof ContactFormSchema>;
