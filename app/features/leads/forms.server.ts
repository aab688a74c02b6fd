import type { ResourceFile } from "~/content/resources";
import { defineForm } from "~/lib/forms/action.server";
import { ContactFormSchema } from "./contact-schema";
import { DownloadLeadSchema, RESOURCE_MESSAGE } from "./download-schema";
import { FeatureRequestSchema, hasMissingRequiredFields, MISSING_FIELDS_MESSAGE } from "./feature-request-schema";
import type { LeadNotices } from "./lead-notices.server";
import { contactRequests, featureRequests, resourceLeads } from "./tables";

// What each lead form of this feature stores, and what it tells the team, in one place: the form's route hands it to
// the shared action (app/lib/forms/action.server.ts), and the console's "Not spam" stores a held post with it as if it
// had just arrived. The services each needs arrive as arguments (decision 039).

export const contactForm = (notices: Pick<LeadNotices, "contactRequest">) =>
  defineForm({
    name: "contact",
    schema: ContactFormSchema,
    async store(tx, message, { visit }) {
      const [row] = await tx
        .insert(contactRequests)
        .values({ ...message, ...visit, requestType: "contact" })
        .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
      if (row) await notices.contactRequest(tx, { ...message, ...row });
    },
  });

export const featureRequestForm = (notices: Pick<LeadNotices, "featureRequest">) =>
  defineForm({
    name: "feature-request",
    schema: FeatureRequestSchema,
    invalidMessage: (typed) => (hasMissingRequiredFields(typed) ? MISSING_FIELDS_MESSAGE : null),
    async store(tx, request, { visit }) {
      const [row] = await tx
        .insert(featureRequests)
        .values({ ...request, ...visit })
        .returning({ id: featureRequests.id, createdAt: featureRequests.createdAt });
      if (row) await notices.featureRequest(tx, { ...request, ...row });
    },
  });

/** A resource on /resources now, by its id (the built ones and those editors published); undefined when there is none. */
export type PublishedResource = (id: string) => Promise<ResourceFile | undefined>;

export const downloadForm = (notices: Pick<LeadNotices, "downloadLead">, publishedResource: PublishedResource) =>
  defineForm({
    name: "download",
    schema: DownloadLeadSchema,
    check: async ({ resourceId }) => ((await publishedResource(resourceId)) ? null : { resourceId: RESOURCE_MESSAGE }),
    async store(tx, { name, email, resourceId }, { visit }) {
      // Checked above; a held post released from the spam view may name one taken down since: it keeps its id.
      const resource = (await publishedResource(resourceId)) ?? { id: resourceId, title: resourceId, file: `${resourceId}.pdf` };
      const [row] = await tx
        .insert(resourceLeads)
        .values({ name, email, resourceId, resourceTitle: resource.title, ...visit })
        .returning({ id: resourceLeads.id, downloadedAt: resourceLeads.downloadedAt });
      if (row) await notices.downloadLead(tx, { ...row, name, email, resource });
    },
    success: async ({ name, email, resourceId }) => ({
      lead: {
        name,
        email,
        resourceId,
        resourceTitle: (await publishedResource(resourceId))?.title ?? resourceId,
        downloadedAt: new Date().toISOString(),
      },
    }),
  });
