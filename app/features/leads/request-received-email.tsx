import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface RequestReceivedProps {
  kind: "contact" | "feature-request";
  /** The promise the page made: "We'll get back to you as soon as possible." and its like. */
  promise: string;
}

const WHAT = { contact: "your message", "feature-request": "your feature request" } as const;

/**
 * The acknowledgement to the visitor. It repeats nothing the sender typed: whoever enters someone else's address must
 * not be able to make us deliver their words to it.
 */
export function RequestReceived({ sender, kind, promise }: RequestReceivedProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview={`We received ${WHAT[kind]}.`}
      reason={`You receive this because this address was entered in the ${kind === "contact" ? "contact" : "feature request"} form at ${sender.siteUrl}. If it wasn't you, ignore this email; we won't write again unless you do.`}
    >
      <Heading as="h1" style={styles.heading}>
        We received {WHAT[kind]}
      </Heading>
      <Text style={styles.text}>
        Thank you for writing to the {sender.product} team. {promise}
      </Text>
      <Text style={styles.text}>If you want to add something, reply to this email: it reaches the same people.</Text>
    </EmailLayout>
  );
}
