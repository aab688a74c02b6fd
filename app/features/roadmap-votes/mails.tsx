import { mailTemplate } from "~/lib/mail/templates";
import { RoadmapVoteConfirmation, type RoadmapVoteConfirmationProps } from "./confirmation-email";

/** The vote's one message: the link that makes it count (decision 039). Its shipped notice is a newsletter issue. */
export const roadmapVoteMails = {
  "roadmap-vote-confirmation": mailTemplate<RoadmapVoteConfirmationProps>({
    subject: (props) => `Confirm your vote for ${props.itemName}`,
    element: (props, sender) => <RoadmapVoteConfirmation sender={sender} {...props} />,
    words: { told: "Vote confirmation link sent", to: "person", what: "the vote confirmation link" },
  }),
};

export type RoadmapVoteMails = typeof roadmapVoteMails;
