import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type * as React from "react";

/** What every message knows about the sender: the brand and the company's postal address (the footer the law asks for). */
export interface Sender {
  product: string;
  siteUrl: string;
  companyName: string;
  companyAddress: string;
}

const colors = { brand: "#4f46e5", text: "#1f2937", muted: "#6b7280", border: "#e5e7eb", background: "#f6f7fb" };

export const styles = {
  heading: { fontSize: "22px", lineHeight: "30px", fontWeight: 700, color: colors.text, margin: "0 0 16px" },
  text: { fontSize: "16px", lineHeight: "26px", color: colors.text, margin: "0 0 16px" },
  small: { fontSize: "14px", lineHeight: "22px", color: colors.muted, margin: "0 0 12px" },
  button: {
    backgroundColor: colors.brand,
    borderRadius: "8px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "16px",
    fontWeight: 600,
    padding: "12px 22px",
    textDecoration: "none",
  },
  link: { color: colors.brand, textDecoration: "underline" },
  label: {
    fontSize: "13px",
    lineHeight: "20px",
    color: colors.muted,
    margin: "0",
    textTransform: "uppercase" as const,
    letterSpacing: "0.04em",
  },
  value: { fontSize: "16px", lineHeight: "24px", color: colors.text, margin: "0 0 14px", whiteSpace: "pre-wrap" as const },
} satisfies Record<string, React.CSSProperties>;

interface LayoutProps {
  sender: Sender;
  /** The line an inbox shows next to the subject. */
  preview: string;
  /** Why this person receives this message, said in the footer. */
  reason: string;
  /** A newsletter message's unsubscribe link, shown in the footer as well as in the List-Unsubscribe header. */
  unsubscribeUrl?: string | undefined;
  children: React.ReactNode;
}

export function EmailLayout({ sender, preview, reason, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.background, fontFamily: "Inter, Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container
          style={{
            maxWidth: "560px",
            margin: "0 auto",
            backgroundColor: "#ffffff",
            borderRadius: "12px",
            border: `1px solid ${colors.border}`,
          }}
        >
          <Section style={{ padding: "24px 32px 8px" }}>
            <Link href={sender.siteUrl} style={{ color: colors.brand, fontSize: "20px", fontWeight: 700, textDecoration: "none" }}>
              {sender.product}
            </Link>
          </Section>
          <Section style={{ padding: "8px 32px 16px" }}>{children}</Section>
          <Section style={{ padding: "0 32px" }}>
            <Hr style={{ borderColor: colors.border, margin: 0 }} />
          </Section>
          <Section style={{ padding: "16px 32px 24px" }}>
            <Text style={styles.small}>{reason}</Text>
            {unsubscribeUrl ? (
              <Text style={styles.small}>
                Don&apos;t want these emails?{" "}
                <Link href={unsubscribeUrl} style={styles.link}>
                  Unsubscribe
                </Link>{" "}
                in one click.
              </Text>
            ) : null}
            <Text style={{ ...styles.small, margin: 0 }}>
              {sender.companyName}, {sender.companyAddress}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
