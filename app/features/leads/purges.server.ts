import { deleteWhere, olderThan, type Purge } from "~/lib/retention/retention.server";
import { contactRequests, featureRequests, resourceLeads } from "./tables";

/** The form leads' retention (the privacy policy's periods, per kind): what the scheduled purge deletes of them. */
export const leadPurges = {
  contact_requests: (tx, periods) => deleteWhere(tx, contactRequests, olderThan(contactRequests.createdAt, periods.contact)),
  feature_requests: (tx, periods) => deleteWhere(tx, featureRequests, olderThan(featureRequests.createdAt, periods.featureRequest)),
  resource_leads: (tx, periods) => deleteWhere(tx, resourceLeads, olderThan(resourceLeads.downloadedAt, periods.download)),
} satisfies Record<string, Purge>;
