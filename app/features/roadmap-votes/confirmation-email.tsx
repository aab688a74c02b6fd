import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface RoadmapVoteConfirmationProps {
  itemName: string;
  confirmUrl: string;
  /** How long the link works, in days. */
  validDays: number;
}

/** A vote on a roadmap item counts once its owner follows this link (decision 036). */
export function RoadmapVoteConfirmation({ sender, itemName, confirmUrl, validDays }: RoadmapVoteConfirmationProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview={`Confirm your vote for ${itemName}.`}
      reason={`Someone, hopefully you, voted for "${itemName}" with this address on the roadmap at ${sender.siteUrl}. If it wasn't you, ignore this email: without a confirmation the vote never counts, you get nothing more from us, and the address is deleted within ${validDays} days.`}
    >
      <Heading as="h1" style={styles.heading}>
        Confirm your vote
      </Heading>
      <Text style={styles.text}>Thanks for telling us you want {itemName}. Please confirm it is really you, so your vote counts:</Text>
      <Button href={confirmUrl} style={styles.button}>
        Confirm my vote
      </Button>
      <Text style={{ ...styles.small, marginTop: "20px" }}>
        The button opens a page where you confirm with one more click. The link works for {validDays} days. We will send you one email when
        this item ships, nothing else.
      </Text>
    </EmailLayout>
  );
}
