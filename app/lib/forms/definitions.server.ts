import { newsletterConsentRecord, roadmapVoteConsentRecord } from "~/content/consent";
import { noticesContext } from "~/context";
import { contactRequests, featureRequests, resourceLeads } from "~/lib/db/schema";
import { signUp } from "~/features/newsletter/subscribers.server";
import { votableItem } from "~/features/roadmap-votes/items.server";
import { castVote } from "~/features/roadmap-votes/votes.server";
import { ContactFormSchema } from "~/features/leads/contact-schema";
import { DownloadLeadSchema, RESOURCE_MESSAGE } from "~/features/leads/download-schema";
import { publishedResource } from "~/features/site-content/resources-collection.server";
import { FeatureRequestSchema, hasMissingRequiredFields, MISSING_FIELDS_MESSAGE } from "~/features/leads/feature-request-schema";
import { NewsletterSchema } from "~/features/newsletter/signup-schema";
import { roadmapVoteSchema, UNKNOWN_ITEM_MESSAGE } from "~/features/roadmap-votes/vote-schema";
import { defineForm, type FormDefinition } from "./action.server";
import type { FormName } from "./names";

// What each lead form stores, and what it tells the team, in one place: the form's route answers its posts with it
// (app/routes/forms.*.tsx), and the inbox's "Not spam" stores a held post with it as if it had just arrived.

export const FORM_DEFINITIONS = {
  contact: defineForm({
    name: "contact",
    schema: ContactFormSchema,
    async store(tx, message, { context, visit }) {
      const [row] = await tx
        .insert(contactRequests)
        .values({ ...message, ...visit, requestType: "contact" })
        .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
      if (row) await context.get(noticesContext).contactRequest(tx, { ...message, ...row });
    },
  }),

  "feature-request": defineForm({
    name: "feature-request",
    schema: FeatureRequestSchema,
    invalidMessage: (typed) => (hasMissingRequiredFields(typed) ? MISSING_FIELDS_MESSAGE : null),
    async store(tx, request, { context, visit }) {
      const [row] = await tx
        .insert(featureRequests)
        .values({ ...request, ...visit })
        .returning({ id: featureRequests.id, createdAt: featureRequests.createdAt });
      if (row) await context.get(noticesContext).featureRequest(tx, { ...request, ...row });
    },
  }),

  newsletter: defineForm({
    name: "newsletter",
    schema: NewsletterSchema,
    // Double opt-in: the answer is the same whether the address is new, pending or subscribed (app/features/newsletter/subscribers.server.ts).
    async store(tx, { email, source }, { context, visit, consentAddressHash }) {
      const subscriber = await signUp(tx, { email, source, consentText: newsletterConsentRecord, consentAddressHash, visit });
      if (subscriber) await context.get(noticesContext).newsletterConfirmation(tx, subscriber);
    },
  }),

  download: defineForm({
    name: "download",
    schema: DownloadLeadSchema,
    // A resource on /resources now: the nine built ones and those editors published.
    check: async ({ resourceId }, context) => ((await publishedResource(context, resourceId)) ? null : { resourceId: RESOURCE_MESSAGE }),
    async store(tx, { name, email, resourceId }, { context, visit }) {
      // Checked above; a held post released from the spam view may name one taken down since: it keeps its id.
      const resource = (await publishedResource(context, resourceId)) ?? { id: resourceId, title: resourceId, file: `${resourceId}.pdf` };
      const [row] = await tx
        .insert(resourceLeads)
        .values({ name, email, resourceId, resourceTitle: resource.title, ...visit })
        .returning({ id: resourceLeads.id, downloadedAt: resourceLeads.downloadedAt });
      if (row) await context.get(noticesContext).downloadLead(tx, { ...row, name, email, resource });
    },
    success: async ({ name, email, resourceId }, context) => ({
      lead: {
        name,
        email,
        resourceId,
        resourceTitle: (await publishedResource(context, resourceId))?.title ?? resourceId,
        downloadedAt: new Date().toISOString(),
      },
    }),
  }),

  "roadmap-vote": defineForm({
    name: "roadmap-vote",
    // The id's shape here; whether it names a planned item of the published roadmap, below.
    schema: roadmapVoteSchema((itemId) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(itemId)),
    check: async ({ itemId }, context) => ((await votableItem(context, itemId)) ? null : { itemId: UNKNOWN_ITEM_MESSAGE }),
    // Double opt-in, one vote per address and item: the answer is the same whether the address is new, pending or
    // confirmed (app/features/roadmap-votes/votes.server.ts).
    async store(tx, vote, { context, consentAddressHash }) {
      const cast = await castVote(tx, { ...vote, consentText: roadmapVoteConsentRecord, consentAddressHash });
      const item = await votableItem(context, vote.itemId);
      if (cast && item) await context.get(noticesContext).roadmapVoteConfirmation(tx, { ...cast, itemName: item.name });
    },
  }),
} satisfies { [Name in FormName]: FormDefinition<Name> };
