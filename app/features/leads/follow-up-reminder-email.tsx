import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

// The reminder a lead's owner gets on its follow-up day (app/features/leads/follow-up.server.ts), once.

export interface FollowUpReminderProps {
  /** The lead's name, or its address when it gave none. */
  lead: string;
  /** "Contact request" and its like. */
  kind: string;
  /** The stage it is at, in words. */
  stage: string;
  /** The follow-up day, YYYY-MM-DD: the mail goes out at 8:00 that day in the owner's time zone. */
  day: string;
  /** The lead's page in the console, from the site's root ("/console/leads/contact/4"). */
  path: string;
}

export function FollowUpReminder({ sender, lead, kind, stage, day, path }: FollowUpReminderProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview={`Today is the day you planned to follow up with ${lead}.`}
      reason={`Sent by ${sender.siteUrl} because you own this lead in the console and set its follow-up for ${day}. Change or clear the day on the lead's page.`}
    >
      <Heading as="h1" style={styles.heading}>
        Follow up with {lead}
      </Heading>
      <Text style={styles.text}>
        Today ({day}) is the day you set to follow up with this lead: a {kind.toLowerCase()}, now at the stage {stage}.
      </Text>
      <Button href={`${sender.siteUrl}${path}`} style={styles.button}>
        Open the lead
      </Button>
    </EmailLayout>
  );
}
