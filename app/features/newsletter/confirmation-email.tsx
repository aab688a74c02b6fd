import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface NewsletterConfirmationProps {
  confirmUrl: string;
  unsubscribeUrl: string;
  /** How long the link works, in days. */
  validDays: number;
}

/** Double opt-in: nothing is sent to the address until its owner follows this link. */
export function NewsletterConfirmation({
  sender,
  confirmUrl,
  unsubscribeUrl,
  validDays,
}: NewsletterConfirmationProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview={`Confirm your subscription to the ${sender.product} newsletter.`}
      reason={`Someone, hopefully you, entered this address in the newsletter form at ${sender.siteUrl}. If it wasn't you, ignore this email: without a confirmation you will get nothing more from us, and the address is deleted within ${validDays} days.`}
    >
      <Heading as="h1" style={styles.heading}>
        Confirm your subscription
      </Heading>
      <Text style={styles.text}>
        Thanks for signing up for the {sender.product} newsletter: one practical email when we publish a new template, guide, tool or blog
        post about cold email outreach.
      </Text>
      <Text style={styles.text}>Please confirm that this is your address, so we know it is really you who asked:</Text>
      <Button href={confirmUrl} style={styles.button}>
        Confirm my subscription
      </Button>
      <Text style={{ ...styles.small, marginTop: "20px" }}>
        The button opens a page where you confirm with one more click. The link works for {validDays} days. Changed your mind?{" "}
        <Link href={unsubscribeUrl} style={styles.link}>
          Cancel the sign-up
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}
