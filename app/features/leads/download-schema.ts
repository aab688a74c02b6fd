import { z } from "../../lib/forms/zod";
import { LIMITS } from "~/lib/forms/limits";
import { EMAIL_MESSAGE, emailField, withoutControlCharacters } from "../../lib/forms/form-fields";

export const NAME_MESSAGE = "Name must be at least 2 characters";
const RESOURCE_MESSAGE = "Please choose a resource";

export const DownloadLeadSchema = z.object({
  name: withoutControlCharacters(
    z.string(NAME_MESSAGE).trim().min(2, NAME_MESSAGE).max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`),
    "Name",
  ),
  email: emailField,
  resourceId: z
    .string(RESOURCE_MESSAGE)
    .trim()
    // Which resources are published is the server's to say (FORM_DEFINITIONS.download.check): editors add them.
    .regex(/^[a-z0-9-]{1,100}$/, RESOURCE_MESSAGE),
});

export { RESOURCE_MESSAGE };

export type DownloadLead = z.infer<typeof DownloadLeadSchema>;

export { EMAIL_MESSAGE };

/** The form's fields as the browser posts them (a type only: the schema itself stays on the server). */
export type DownloadLeadInput = z.input<typeof DownloadLeadSchema>;
