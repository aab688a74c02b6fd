import type { Transaction } from "~/lib/db/client.server";
import { enqueue } from "~/lib/jobs/outbox.server";
import { mailJob } from "~/lib/mail/mail-job";
import type { RoadmapVoteMails } from "./mails";
import { VOTE_CONFIRMATION_VALID_DAYS, type RoadmapVoteLinks, type Vote } from "./votes.server";

export interface RoadmapVoteNotices {
  /** The one link that makes a roadmap vote count (decision 036), written in the vote's transaction. */
  confirmation(tx: Transaction, vote: Vote & { itemName: string }): Promise<unknown>;
}

export function createRoadmapVoteNotices(links: RoadmapVoteLinks): RoadmapVoteNotices {
  return {
    confirmation(tx, vote) {
      return enqueue(tx, [
        mailJob<RoadmapVoteMails>({
          template: "roadmap-vote-confirmation",
          to: [{ address: vote.email }],
          props: { itemName: vote.itemName, confirmUrl: links.confirmUrl(vote), validDays: VOTE_CONFIRMATION_VALID_DAYS },
        }),
      ]);
    },
  };
}
