import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "./layout";

export interface NewsletterIssueProps {
  subject: string;
  preheader: string;
  title: string;
  excerpt: string;
  /** "post" or "resource": the button's words. */
  topic: "post" | "resource";
  linkUrl: string;
  coverUrl: string | null;
  coverAlt: string | null;
  /** The issue's page in the public archive. */
  archiveUrl: string | null;
  unsubscribeUrl: string;
  /** A test copy sent to an editor: says so at the top. */
  test?: boolean;
}

/** One newsletter issue: what was published, its cover and its link. Nothing in it tracks who opens or clicks. */
export function NewsletterIssue(props: NewsletterIssueProps & { sender: Sender }) {
  const { sender, preheader, title, excerpt, topic, linkUrl, coverUrl, coverAlt, archiveUrl, unsubscribeUrl, test } = props;
  return (
    <EmailLayout
      sender={sender}
      preview={preheader || excerpt}
      reason={`You receive this because you subscribed to the ${sender.product} newsletter and confirmed your address: one email when we publish something new.`}
      unsubscribeUrl={unsubscribeUrl}
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
        {topic === "post" ? "Read the article" : "Get the free resource"}
      </Button>
      {archiveUrl ? (
        <Text style={{ ...styles.small, marginTop: "20px" }}>
          Trouble reading this email?{" "}
          <Link href={archiveUrl} style={styles.link}>
            Read it on our website
          </Link>
          .
        </Text>
      ) : null}
    </EmailLayout>
  );
}
