import { describe, expect, it } from "vitest";
import { composeMail, type MailJob, type MailOf } from "../app/lib/mail/mailer.server";
import { MAIL_TEMPLATES, type MailTemplate } from "./mail-templates";

const sender = {
  product: "Replywise",
  siteUrl: "https://replywise.example",
  companyName: "Replywise, Inc.",
  companyAddress: "1 Test Street, Springfield",
};
const options = { fileDir: "/nowhere", from: "Replywise <hello@replywise.example>", sender, templates: MAIL_TEMPLATES };

const examples: { [Name in MailTemplate]: MailOf<typeof MAIL_TEMPLATES, Name> } = {
  "newsletter-confirmation": {
    template: "newsletter-confirmation",
    to: [{ address: "ann@example.com" }],
    unsubscribeUrl: "https://replywise.example/newsletter/unsubscribe?token=u",
    props: {
      confirmUrl: "https://replywise.example/newsletter/confirm?token=c",
      unsubscribeUrl: "https://replywise.example/newsletter/unsubscribe?token=u",
      validDays: 7,
    },
  },
  "roadmap-vote-confirmation": {
    template: "roadmap-vote-confirmation",
    to: [{ address: "ann@example.com" }],
    props: { itemName: "HubSpot CRM sync", confirmUrl: "https://replywise.example/roadmap/vote/confirm?token=c", validDays: 7 },
  },
  "newsletter-welcome": {
    template: "newsletter-welcome",
    to: [{ address: "ann@example.com" }],
    unsubscribeUrl: "https://replywise.example/newsletter/unsubscribe?token=u",
    props: {
      resourcesUrl: "https://replywise.example/resources",
      unsubscribeUrl: "https://replywise.example/newsletter/unsubscribe?token=u",
    },
  },
  "newsletter-issue": {
    template: "newsletter-issue",
    to: [{ address: "ann@example.com" }],
    unsubscribeUrl: "https://replywise.example/newsletter/unsubscribe?token=u",
    props: {
      subject: "New on the blog: Follow-ups that land",
      preheader: "Three follow-ups that earn replies.",
      title: "Follow-ups that land",
      excerpt: "Three follow-ups that earn replies, and when to send each.",
      topic: "post",
      linkUrl: "https://replywise.example/blog/follow-ups-that-land",
      coverUrl: "https://replywise.example/images/blog/follow-ups.jpg",
      coverAlt: "A calendar",
      archiveUrl: "https://replywise.example/newsletter/3",
      unsubscribeUrl: "https://replywise.example/newsletter/unsubscribe?token=u",
    },
  },
  "download-link": {
    template: "download-link",
    to: [{ name: "Al", address: "al@example.com" }],
    props: {
      resourceTitle: "Cold Outreach Checklist",
      fileUrl: "https://replywise.example/resources/outreach-checklist.pdf",
      resourcesUrl: "https://replywise.example/resources",
    },
  },
  "follow-up-reminder": {
    template: "follow-up-reminder",
    to: [{ address: "ops@replywise.example" }],
    props: { lead: "Ada Lovelace", kind: "Contact request", stage: "Qualified", day: "2026-12-01", path: "/console/leads/contact/4" },
  },
  "request-received": {
    template: "request-received",
    to: [{ address: "ada@example.com" }],
    props: { kind: "contact", promise: "We'll get back to you as soon as possible." },
  },
  "team-notification": {
    template: "team-notification",
    to: [{ address: "team@replywise.example" }],
    replyTo: { name: "Ada", address: "ada@example.com" },
    props: { title: "New contact request from Ada", fields: [["Message", "Line one\nLine two"]], receivedAt: "2026-11-23 10:00" },
  },
};

describe("every email", () => {
  it.each(Object.keys(MAIL_TEMPLATES) as MailTemplate[])(
    "%s has a subject, HTML and text parts, and the company's name and address",
    async (name) => {
      const mail = await composeMail(examples[name] as MailJob, 42, options);
      expect(String(mail.subject).length).toBeGreaterThan(5);
      for (const part of [String(mail.html), String(mail.text)]) {
        expect(part).toContain("Replywise, Inc.");
        expect(part).toContain("1 Test Street, Springfield");
      }
      expect(mail.messageId).toBe("<outbox-42@replywise.example>");
      // No HTML in the text part; a link may stand in angle brackets, the plain-text way to end it (RFC 3986, C).
      expect(String(mail.text)).not.toMatch(/<(?!https?:\/\/)[a-z]/i);
      // No link runs into the punctuation after it: a mail reader would take a full stop into the address (a 404).
      expect(String(mail.text)).not.toMatch(/https?:\/\/[^\s<>]*[.,;:!?)](?=\s|$)/);
    },
  );

  it("newsletter emails offer one-click unsubscribe in their headers and their footer; the others do not", async () => {
    for (const name of Object.keys(MAIL_TEMPLATES) as MailTemplate[]) {
      const mail = await composeMail(examples[name] as MailJob, 1, options);
      const newsletter = name.startsWith("newsletter-");
      expect(Boolean(mail.list), name).toBe(newsletter);
      expect((mail.headers as Record<string, string>)["List-Unsubscribe-Post"], name).toBe(
        newsletter ? "List-Unsubscribe=One-Click" : undefined,
      );
      if (newsletter) expect(String(mail.html)).toContain("newsletter/unsubscribe?token=u");
    }
  });

  it("a newsletter issue names its issue and subscriber in the Message-ID, and reads as text: title, words, link", async () => {
    const mail = await composeMail({ ...examples["newsletter-issue"], messageId: "newsletter-3-17" }, 99, options);
    expect(mail.messageId).toBe("<newsletter-3-17@replywise.example>");
    expect(mail.subject).toBe("New on the blog: Follow-ups that land");
    const text = String(mail.text);
    expect(text).toMatch(/follow-ups that land/i);
    expect(text).toContain("Three follow-ups that earn replies, and when to send each.");
    expect(text).toContain("https://replywise.example/blog/follow-ups-that-land");
    expect(text).toContain("https://replywise.example/newsletter/unsubscribe?token=u");
    expect(String(mail.html)).toContain('src="https://replywise.example/images/blog/follow-ups.jpg"');
  });

  it("a test copy says so, in the subject, at the top and in the footer, and has no unsubscribe link", async () => {
    const { unsubscribeUrl: _unsubscribeUrl, ...job } = examples["newsletter-issue"];
    const mail = await composeMail({ ...job, props: { ...job.props, unsubscribeUrl: null } }, 5, options);
    expect(mail.subject).toBe("[Test] New on the blog: Follow-ups that land");
    expect(String(mail.text)).toMatch(/Test copy: only you received it/);
    expect(String(mail.text)).toMatch(/You receive this test because you sent it to yourself/);
    expect(mail.list).toBeUndefined();
    expect(`${String(mail.text)} ${String(mail.html)}`).not.toContain("/newsletter/unsubscribe");
  });

  it("keeps a message's line breaks in the team's plain-text part", async () => {
    const mail = await composeMail(examples["team-notification"], 1, options);
    expect(String(mail.text)).toMatch(/Line one\nLine two/);
    expect(mail.replyTo).toEqual({ name: "Ada", address: "ada@example.com" });
  });
});
