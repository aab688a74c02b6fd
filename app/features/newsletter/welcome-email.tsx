import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface NewsletterWelcomeProps {
  resourcesUrl: string;
  unsubscribeUrl: string;
  /** What the subscriber's consent covers: posts too, for sign-ups since the line named them. */
  posts?: boolean;
}

/** The first newsletter message, sent once the address is confirmed. */
export function NewsletterWelcome({ sender, resourcesUrl, unsubscribeUrl, posts = false }: NewsletterWelcomeProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview="You're subscribed. Here is where to start."
      reason={`You receive this because you subscribed to the ${sender.product} newsletter and confirmed your address.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={styles.heading}>
        You&apos;re subscribed
      </Heading>
      <Text style={styles.text}>
        Thanks for confirming. You will get one email each time we publish a new template, guide{posts ? ", tool or blog post" : " or tool"}
        , and nothing else.
      </Text>
      <Text style={styles.text}>While you wait for the next one, the nine free resources are here:</Text>
      <Button href={resourcesUrl} style={styles.button}>
        See the free resources
      </Button>
    </EmailLayout>
  );
}
