import { roadmapVoteConsentRecord } from "~/content/consent";
import type { SiteContentStore } from "~/features/site-content/index.server";
import { defineForm } from "~/lib/forms/action.server";
import { votableItem } from "./items.server";
import type { RoadmapVoteNotices } from "./vote-notices.server";
import { roadmapVoteSchema, UNKNOWN_ITEM_MESSAGE } from "./vote-schema";
import { castVote } from "./votes.server";

/**
 * The vote form: double opt-in, one vote per address and item, the answer the same whether the address is new, pending
 * or confirmed (./votes.server.ts). The item must be planned on the roadmap as published now.
 */
export const roadmapVoteForm = (notices: RoadmapVoteNotices, siteContent: Pick<SiteContentStore, "current">) =>
  defineForm({
    name: "roadmap-vote",
    // The id's shape here; whether it names a planned item of the published roadmap, below.
    schema: roadmapVoteSchema((itemId) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(itemId)),
    check: async ({ itemId }) => ((await votableItem(siteContent, itemId)) ? null : { itemId: UNKNOWN_ITEM_MESSAGE }),
    async store(tx, vote, { consentAddressHash }) {
      const cast = await castVote(tx, { ...vote, consentText: roadmapVoteConsentRecord, consentAddressHash });
      const item = await votableItem(siteContent, vote.itemId);
      if (cast && item) await notices.confirmation(tx, { ...cast, itemName: item.name });
    },
  });
