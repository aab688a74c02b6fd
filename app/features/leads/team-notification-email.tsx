import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment } from "react";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface TeamNotificationProps {
  /** "New contact request" and its like. */
  title: string;
  /** What the visitor sent, label and value, in the form's order; empty optional fields are left out. */
  fields: [label: string, value: string][];
  receivedAt: string;
}

/** A new lead for the team; Reply-To is the visitor, so answering goes straight to them. */
export function TeamNotification({ sender, title, fields, receivedAt }: TeamNotificationProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview={`${title}: reply to this email to answer.`}
      reason={`Sent to the ${sender.product} team by ${sender.siteUrl} for every new lead. Reply to answer the visitor directly.`}
    >
      <Heading as="h1" style={styles.heading}>
        {title}
      </Heading>
      <Section>
        {fields.map(([label, value]) => (
          <div key={label}>
            <Text style={styles.label}>{label}</Text>
            <Text style={styles.value}>
              {/* Line breaks as <br>, so the plain-text part keeps them too. */}
              {value.split(/\r?\n/).map((line, index) => (
                <Fragment key={index}>
                  {index > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </Text>
          </div>
        ))}
      </Section>
      <Text style={styles.small}>
        Received {receivedAt} (UTC) through <Link href={sender.siteUrl}>{sender.siteUrl}</Link>.
      </Text>
    </EmailLayout>
  );
}
