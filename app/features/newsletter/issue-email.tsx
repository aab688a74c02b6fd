import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface NewsletterIssueProps {
  subject: string;
  preheader: string;
  title: string;
  excerpt: string;
  /** The button's words, and for a roadmap item's notice (`shipped`, decision 036) why this one email comes. */
  topic: "post" | "resource" | "shipped";
  linkUrl: string;
  coverUrl: string | null;
  coverAlt: string | null;
  /** The issue's page in the public archive. */
  archiveUrl: string | null;
  /** The subscriber's own link; null in a test copy, sent to an editor, who says so at the top and in the footer. */
  unsubscribeUrl: string | null;
}

const BUTTON = { post: "Read the article", resource: "Get the free resource", shipped: "See it on the roadmap" } as const;

/** One newsletter issue: what was published, its cover and its link. Nothing in it tracks who opens or clicks. */
export function NewsletterIssue(props: NewsletterIssueProps & { sender: Sender }) {
  const { sender, preheader, title, excerpt, topic, linkUrl, coverUrl, coverAlt, archiveUrl, unsubscribeUrl } = props;
  const test = unsubscribeUrl === null;
  return (
    <EmailLayout
      sender={sender}
      preview={preheader || excerpt}
      reason={
        test
          ? `You receive this test because you sent it to yourself from the ${sender.product} console. Subscribers read here why they receive the newsletter, and find their own link to unsubscribe in one click.`
          : topic === "shipped"
            ? `You receive this because you asked for this on the ${sender.product} roadmap, or voted for it and confirmed your address: one email when it ships, and nothing else. This is the only one.`
            : `You receive this because you subscribed to the ${sender.product} newsletter and confirmed your address: one email when we publish something new.`
      }
      unsubscribeUrl={unsubscribeUrl ?? undefined}
    >
      {test ? (
        <Text style={{ ...styles.small, border: "1px dashed #6b7280", borderRadius: "8px", padding: "8px 12px" }}>
          Test copy: only you received it. Subscribers get the same message with their own unsubscribe link.
        </Text>
      ) : null}
      {coverUrl ? (
        <Img
          src={coverUrl}
          alt={coverAlt ?? ""}
          width="496"
          style={{ width: "100%", height: "auto", borderRadius: "8px", margin: "0 0 20px" }}
        />
      ) : null}
      <Heading as="h1" style={styles.heading}>
        {title}
      </Heading>
      <Text style={styles.text}>{excerpt}</Text>
      <Button href={linkUrl} style={styles.button}>
        {BUTTON[topic]}
      </Button>
      {archiveUrl ? (
        // The link ends the line: a full stop after it would become part of the address in a plain-text client.
        <Text style={{ ...styles.small, marginTop: "20px" }}>
          Trouble reading this email?{" "}
          <Link href={archiveUrl} style={styles.link}>
            Read it on our website
          </Link>
        </Text>
      ) : null}
    </EmailLayout>
  );
}
