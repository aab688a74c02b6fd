import { z } from "./zod";
import { EMAIL_MESSAGE, LIMITS } from "./form-fields";

export const DOWNLOAD_LEAD_FIELDS = ["name", "email", "resourceId"] as const;

export const NAME_MESSAGE = "Name must be at least 2 characters";

export const DownloadLeadSchema = z.object({
  name: z.string(NAME_MESSAGE).trim().min(2, NAME_MESSAGE).max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`),
  email: z.string(EMAIL_MESSAGE).trim().max(LIMITS.email, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
  resourceId: z
    .string("Please choose a resource")
    .trim()
    .regex(/^[a-z0-9-]{1,100}$/, "Please choose a resource"),
});

export type DownloadLead = z.infer<typeof DownloadLeadSchema>;

/** The entry kept in the browser under `resourceLeads` (spec section 3). */
export interface StoredResourceLead {
  name: string;
  email: string;
  resourceId: string;
  resourceTitle: string;
  downloadedAt: string;
}

export const RESOURCE_LEADS_KEY = "resourceLeads";
