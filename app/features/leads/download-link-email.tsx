import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, styles, type Sender } from "../../emails/layout";

export interface DownloadLinkProps {
  resourceTitle: string;
  fileUrl: string;
  resourcesUrl: string;
}

/** The file the visitor asked for, by email too, so it is at hand later. */
export function DownloadLink({ sender, resourceTitle, fileUrl, resourcesUrl }: DownloadLinkProps & { sender: Sender }) {
  return (
    <EmailLayout
      sender={sender}
      preview={`Your copy of ${resourceTitle}.`}
      reason={`You receive this because this address was entered to download ${resourceTitle} at ${sender.siteUrl}. We won't add it to any mailing list.`}
    >
      <Heading as="h1" style={styles.heading}>
        Your free resource
      </Heading>
      <Text style={styles.text}>Here is your copy of {resourceTitle}, to open whenever it suits you:</Text>
      <Button href={fileUrl} style={styles.button}>
        Download {resourceTitle}
      </Button>
      <Text style={{ ...styles.small, marginTop: "20px" }}>
        More templates, guides and tools are on the{" "}
        <Link href={resourcesUrl} style={styles.link}>
          free resources page
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}
