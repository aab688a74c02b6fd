import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENTS, newsletterConsentRecord } from "~/content/consent";
import { createPost, publishPost, publishScheduledPost, schedulePost } from "~/features/blog/index.server";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import { rowsOf } from "~/lib/db/rows.server";
import { emailSuppressions, outbox } from "~/lib/db/schema/outbox";
import { newsletterDeliveries, newsletterIssues } from "./tables";
import { newsletterSubscribers } from "~/features/leads/index.server";
import type { SendMail } from "~/lib/jobs/deliver.server";
import { Suppressed, type ClaimedJob } from "~/lib/jobs/outbox.server";
import type { MailJob } from "~/lib/mail/mailer.server";
import {
  draftIssue,
  draftNewResources,
  findIssue,
  newsletterBlogHooks,
  scheduleIssue,
  SEND_COPY_JOB,
  sendIssue,
  startScheduledIssue,
  unscheduleIssue,
  type IssueDraft,
} from "./issues.server";
import { sendCopy } from "./send.server";

// Newsletter issues on a real (in-memory) PostgreSQL (docs/decisions/025): drafts from publications, who an issue
// goes to by their stored consent, one copy per subscriber however often it is sent, and what each copy's job does.

const EDITOR = "editor@example.com";
const OLD_CONSENT = NEWSLETTER_CONSENTS[0].record;
const RESOURCE = { id: "new-guide", title: "A new guide", description: "What it teaches.", format: "PDF", detail: "3 pages" } as const;

describe("newsletter issues", () => {
  const database = withMigratedDatabase();
  const db = () => database.db;

  beforeEach(async () => {
    await db().execute(
      sql`TRUNCATE newsletter_issues, newsletter_deliveries, newsletter_sources, newsletter_subscribers, outbox, email_suppressions, blog_posts CASCADE`,
    );
  });

  async function subscribers(count: number, status: "confirmed" | "pending" | "unsubscribed", consentText: string, tag: string = status) {
    const rows = await db()
      .insert(newsletterSubscribers)
      .values(Array.from({ length: count }, (_, i) => ({ email: `${tag}.${i}@example.com`, source: "/resources", status, consentText })))
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    return rows;
  }

  const resourceDraft = (key = "guide"): IssueDraft => ({
    topic: "resource",
    sourceKey: key,
    subject: "New: a guide",
    preheader: "",
    title: "A guide",
    excerpt: "What it teaches.",
    linkPath: "/resources#guide",
    coverPath: null,
    coverAlt: null,
  });

  async function issueId(topic: "resource" | "post" = "resource") {
    const [row] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.topic, topic));
    return row!;
  }

  it("drafts an issue when a post is first published, and only then (nothing is sent by itself)", async () => {
    const created = await createPost(db(), EDITOR, {
      title: "Follow-ups that land",
      slug: "follow-ups-that-land",
      excerpt: "Three follow-ups.",
      content: "Words.",
      author: "Ann Writer",
      category: "Tutorials",
      tags: [],
      cover: "why-speed-to-lead-wins-cold-email",
      coverAlt: "A stopwatch",
      coverPlaceholder: null,
      seoTitle: "",
      seoDescription: "",
      socialImage: null,
    });
    if (created.status !== "saved") throw new Error(created.status);
    const published = await publishPost(db(), newsletterBlogHooks, EDITOR, created.row.id, created.row.version);
    if (published.status !== "done") throw new Error(published.status);
    // Published again after a save: still the one draft.
    await publishPost(db(), newsletterBlogHooks, EDITOR, created.row.id, published.row.version);
    const issues = await db().select().from(newsletterIssues);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      topic: "post",
      status: "draft",
      title: "Follow-ups that land",
      linkPath: "/blog/follow-ups-that-land",
      coverPath: "/images/blog/why-speed-to-lead-wins-cold-email.jpg",
    });
    expect(await db().select().from(outbox).where(eq(outbox.kind, SEND_COPY_JOB))).toHaveLength(0);

    // A scheduled publication drafts one too, when its job publishes it.
    const later = await createPost(db(), EDITOR, {
      slug: "later",
      title: "Later",
      excerpt: "",
      content: "x",
      author: "A",
      category: "Tutorials",
      tags: [],
      cover: null,
      coverAlt: "",
      coverPlaceholder: null,
      seoTitle: "",
      seoDescription: "",
      socialImage: null,
    });
    if (later.status !== "saved") throw new Error(later.status);
    const at = new Date(Date.now() + 60_000);
    await schedulePost(db(), EDITOR, later.row.id, later.row.version, at);
    expect(await db().select().from(newsletterIssues)).toHaveLength(1);
    await publishScheduledPost(db(), newsletterBlogHooks, { postId: later.row.id, at: at.toISOString() });
    expect((await db().select().from(newsletterIssues)).map((row) => row.sourceKey)).toContain(String(later.row.id));
  });

  it("knows the resources of the first start without drafting them, then drafts each one a deploy adds, once", async () => {
    const first = [{ ...RESOURCE, id: "old-one" }];
    expect(await draftNewResources(db(), first)).toBe(0);
    expect(await draftNewResources(db(), [...first, RESOURCE])).toBe(1);
    expect(await draftNewResources(db(), [...first, RESOURCE])).toBe(0);
    const [issue] = await db().select().from(newsletterIssues);
    expect(issue).toMatchObject({ topic: "resource", sourceKey: "new-guide", linkPath: "/resources#new-guide", status: "draft" });
  });

  it("sends a resource to every confirmed subscriber, a post only to those whose consent names posts; never to pending, unsubscribed or suppressed ones", async () => {
    const old = await subscribers(3, "confirmed", OLD_CONSENT, "old");
    const current = await subscribers(2, "confirmed", newsletterConsentRecord, "new");
    await subscribers(2, "pending", newsletterConsentRecord);
    await subscribers(2, "unsubscribed", newsletterConsentRecord);
    await db().insert(emailSuppressions).values({ email: current[1]!.email, reason: "complaint", source: "webhook" });

    await draftIssue(db(), resourceDraft());
    await draftIssue(db(), { ...resourceDraft("7"), topic: "post", linkPath: "/blog/x" });
    const resource = await issueId("resource");
    const post = await issueId("post");
    const sentResource = await sendIssue(db(), EDITOR, resource.id, resource.version, { ratePerMinute: 0, audiences: [] });
    expect(sentResource).toMatchObject({ status: "done", recipients: 4 });
    const sentPost = await sendIssue(db(), EDITOR, post.id, post.version, { ratePerMinute: 0, audiences: [] });
    expect(sentPost).toMatchObject({ status: "done", recipients: 1 });

    const recipients = async (id: number) =>
      rowsOf<{ email: string }>(
        await db().execute(
          sql`SELECT s.email FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id WHERE d.issue_id = ${id} ORDER BY 1`,
        ),
      ).map((row) => row.email);
    expect(await recipients(resource.id)).toEqual([...old.map((row) => row.email), current[0]!.email].sort());
    expect(await recipients(post.id)).toEqual([current[0]!.email]);
    // One job per copy, behind every other job, named by issue and subscriber.
    const jobs = await db().select().from(outbox).where(eq(outbox.kind, SEND_COPY_JOB));
    expect(jobs).toHaveLength(5);
    expect(jobs.every((job) => job.priority === 1)).toBe(true);
    // The archive numbers them in the order they went out.
    expect((await findIssue(db(), [], resource.id))!.row.number).toBe(1);
    expect((await findIssue(db(), [], post.id))!.row.number).toBe(2);
  });

  it("queues an issue once: a second send, an edit or a schedule after it changes nothing", async () => {
    await subscribers(5, "confirmed", newsletterConsentRecord);
    await draftIssue(db(), resourceDraft());
    const issue = await issueId();
    expect((await sendIssue(db(), EDITOR, issue.id, issue.version, { ratePerMinute: 0, audiences: [] })).status).toBe("done");
    expect((await sendIssue(db(), EDITOR, issue.id, issue.version + 1, { ratePerMinute: 0, audiences: [] })).status).toBe("locked");
    expect((await scheduleIssue(db(), EDITOR, issue.id, issue.version + 1, new Date(Date.now() + 60_000))).status).toBe("locked");
    expect(await db().select().from(newsletterDeliveries)).toHaveLength(5);
    expect(await db().select().from(outbox)).toHaveLength(5);
  });

  it("spaces the copies at the configured rate", async () => {
    await subscribers(4, "confirmed", newsletterConsentRecord);
    await draftIssue(db(), resourceDraft());
    const issue = await issueId();
    await sendIssue(db(), EDITOR, issue.id, issue.version, { ratePerMinute: 60, audiences: [] });
    const due = (await db().select({ runAfter: outbox.runAfter }).from(outbox).orderBy(outbox.runAfter)).map((row) =>
      row.runAfter.getTime(),
    );
    expect(due.slice(1).map((at, i) => at - due[i]!)).toEqual([1000, 1000, 1000]);
  });

  it("starts a scheduled issue once, at its time; a moved or cancelled schedule's job does nothing", async () => {
    await subscribers(2, "confirmed", newsletterConsentRecord);
    await draftIssue(db(), resourceDraft());
    let issue = await issueId();
    const first = new Date(Date.now() + 60_000);
    const scheduled = await scheduleIssue(db(), EDITOR, issue.id, issue.version, first);
    if (scheduled.status !== "done") throw new Error(scheduled.status);
    const second = new Date(Date.now() + 120_000);
    const moved = await scheduleIssue(db(), EDITOR, issue.id, scheduled.row.version, second);
    if (moved.status !== "done") throw new Error(moved.status);
    await startScheduledIssue(db(), { issueId: issue.id, at: first.toISOString() }, { ratePerMinute: 0, audiences: [] });
    expect(await db().select().from(newsletterDeliveries)).toHaveLength(0);

    await startScheduledIssue(db(), { issueId: issue.id, at: second.toISOString() }, { ratePerMinute: 0, audiences: [] });
    await startScheduledIssue(db(), { issueId: issue.id, at: second.toISOString() }, { ratePerMinute: 0, audiences: [] });
    expect(await db().select().from(newsletterDeliveries)).toHaveLength(2);

    await draftIssue(db(), resourceDraft("other"));
    issue = (await db().select().from(newsletterIssues).where(eq(newsletterIssues.sourceKey, "other")))[0]!;
    const third = await scheduleIssue(db(), EDITOR, issue.id, issue.version, first);
    if (third.status !== "done") throw new Error(third.status);
    await unscheduleIssue(db(), EDITOR, issue.id, third.row.version);
    await startScheduledIssue(db(), { issueId: issue.id, at: first.toISOString() }, { ratePerMinute: 0, audiences: [] });
    expect((await findIssue(db(), [], issue.id))!.state).toEqual({ state: "draft" });
  });

  it("a copy's job sends once, skips a subscriber who unsubscribed or was erased since, and the issue reads as sent when none is left", async () => {
    const [stays, leaves, erased] = await subscribers(3, "confirmed", newsletterConsentRecord);
    await draftIssue(db(), resourceDraft());
    const issue = await issueId();
    await sendIssue(db(), EDITOR, issue.id, issue.version, { ratePerMinute: 0, audiences: [] });
    expect((await findIssue(db(), [], issue.id))!.state).toEqual({ state: "sending", done: 0, of: 3 });

    await db()
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.id, leaves!.id));
    const sent: MailJob[] = [];
    const send: SendMail = async (mail) => void sent.push(mail);
    const copy = sendCopy({
      db: db(),
      siteUrl: "https://replywise.example",
      links: { unsubscribeUrl: ({ id }) => `https://replywise.example/u/${id}` },
      maxAttempts: 3,
    });
    const job = (subscriberId: number, attempts = 1): ClaimedJob => ({
      id: 1,
      kind: SEND_COPY_JOB,
      payload: { issueId: issue.id, subscriberId },
      attempts,
    });

    await copy(job(stays!.id), send);
    await copy(job(stays!.id, 2), send);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: [{ address: stays!.email }],
      messageId: `newsletter-${issue.id}-${stays!.id}`,
      unsubscribeUrl: `https://replywise.example/u/${stays!.id}`,
      props: { linkUrl: "https://replywise.example/resources#guide", archiveUrl: "https://replywise.example/newsletter/1" },
    });
    await expect(copy(job(leaves!.id), send)).rejects.toBeInstanceOf(Suppressed);
    await db().delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, erased!.id));
    await expect(copy(job(erased!.id), send)).rejects.toBeInstanceOf(Suppressed);
    expect(sent).toHaveLength(1);

    const { state, counts } = (await findIssue(db(), [], issue.id))!;
    expect(state).toEqual({ state: "sent", failed: 0 });
    expect(counts).toMatchObject({ recipients: 3, sent: 1, skipped: 1, queued: 0, unsubscribed: 1, bounced: 0, complained: 0, erased: 1 });
  });

  it("counts a copy failed once its last attempt fails, and bounces and complaints among the recipients since", async () => {
    const [bounces, complains] = await subscribers(2, "confirmed", newsletterConsentRecord);
    await draftIssue(db(), resourceDraft());
    const issue = await issueId();
    await sendIssue(db(), EDITOR, issue.id, issue.version, { ratePerMinute: 0, audiences: [] });
    const copy = sendCopy({
      db: db(),
      siteUrl: "https://x.example",
      links: { unsubscribeUrl: () => "https://x.example/u" },
      maxAttempts: 2,
    });
    const failing: SendMail = async () => {
      throw new Error("connection refused");
    };
    const job = (subscriberId: number, attempts: number): ClaimedJob => ({
      id: 1,
      kind: SEND_COPY_JOB,
      payload: { issueId: issue.id, subscriberId },
      attempts,
    });
    await expect(copy(job(bounces!.id, 1), failing)).rejects.toThrow();
    expect((await findIssue(db(), [], issue.id))!.counts).toMatchObject({ queued: 2, failed: 0 });
    await expect(copy(job(bounces!.id, 2), failing)).rejects.toThrow();
    await copy(job(complains!.id, 1), async () => {});
    await db()
      .insert(emailSuppressions)
      .values([
        { email: bounces!.email, reason: "hard-bounce", source: "smtp" },
        { email: complains!.email, reason: "complaint", source: "webhook" },
      ]);
    const found = (await findIssue(db(), [], issue.id))!;
    expect(found.state).toEqual({ state: "sent", failed: 1 });
    expect(found.counts).toMatchObject({ sent: 1, failed: 1, bounced: 1, complained: 1 });
  });
});
