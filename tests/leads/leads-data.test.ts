import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorAuth, signIn } from "~/lib/console/auth.server";
import { addOperator, removeOperator } from "~/lib/console/operators.server";
import { receiveBooking } from "~/features/bookings/index.server";
import { auditLog } from "~/lib/db/schema/console";
import {
  contactRequests,
  leadsCsv,
  leadDetail,
  leadPage,
  leadsOfAddress,
  newLeadCounts,
  addNote,
  moveLead,
} from "~/features/leads/index.server";
import { outbox } from "~/lib/db/schema/outbox";
import { DEFAULT_FILTER, type LeadFilter } from "~/features/leads";
import { purgeExpired } from "~/lib/retention/retention.server";
import { retentionPurges } from "../../server/services";
import { SUBJECT_TABLE_LABELS } from "~/features/data-requests";
import { eraseSubject, SUBJECT_TABLE_NAMES, subjectRecords } from "~/features/data-requests/index.server";
import { RETENTION_DEFAULT_DAYS } from "~/lib/retention/retention";
import { recordSoftBounce, suppress } from "~/lib/mail/suppressions.server";
import { bodySignature } from "~/lib/webhook-signature.server";
import { calBody } from "../support/server/bookings";
import { openHarness, TEST_OPERATOR_AUTH, type Driver, type Harness } from "../support/server/harness";

// The leads list's data layer on both databases: the visit recorded with each lead, the list and its filters, the
// export, handling, data-subject requests, retention, accounts, sessions and the sign-in limits.

const filter = (changes: Partial<LeadFilter>): LeadFilter => ({ ...DEFAULT_FILTER, ...changes });

async function collect(lines: AsyncGenerator<string>) {
  let text = "";
  for await (const line of lines) text += line;
  return text;
}

describe.each<Driver>(["pglite", "postgres"])("the leads list's data on %s", (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(driver);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  describe("where each lead came from", () => {
    it("stores the visit the form sends in its hidden fields, cleaned and bounded", async () => {
      await h.post("/forms/contact", {
        name: "Visit Fields",
        email: "visit.fields@example.com",
        message: "From a campaign",
        visit_landing_page: "/pricing?email=someone@example.com#plans",
        visit_referrer: "https://www.Google.com/search?q=replywise",
        visit_utm_source: "newsletter\u0000",
        visit_utm_campaign: "x".repeat(500),
        visit_utm_medium: "   ",
      });
      const [row] = await h.handle.db
        .select()
        .from(contactRequests)
        .where(sql`${contactRequests.email} = 'visit.fields@example.com'`);
      expect(row).toMatchObject({
        landingPage: "/pricing",
        referrer: "www.google.com",
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: "x".repeat(100),
        utmTerm: null,
        utmContent: null,
      });
    });

    it("falls back to the Referer header without the fields: the form's page and its utm_* tags, or the other site", async () => {
      await h.post(
        "/forms/feature-request",
        { name: "No Script", email: "no.script@example.com", featureTitle: "T", description: "D" },
        { headers: { Referer: "http://localhost/roadmap?utm_source=linkedin&utm_medium=social&email=x@example.com" } },
      );
      await h.post(
        "/forms/newsletter",
        { email: "elsewhere@example.com", source: "/blog" },
        { headers: { Referer: "https://partner.example.org/links" } },
      );
      const feature = await leadPage(h.handle.db, filter({ q: "no.script@example.com" }));
      expect(feature.rows[0]).toMatchObject({ landingPage: "/roadmap", referrer: null, utmSource: "linkedin", utmMedium: "social" });
      const subscriber = await leadPage(h.handle.db, filter({ q: "elsewhere@example.com" }));
      expect(subscriber.rows[0]).toMatchObject({ kind: "newsletter", landingPage: null, referrer: "partner.example.org" });
    });

    it("never counts this site as the referring site", async () => {
      await h.post(
        "/forms/download",
        { name: "Own Site", email: "own.site@example.com", resourceId: "outreach-checklist", visit_referrer: "localhost.example" },
        { headers: { Referer: "http://localhost/resources" } },
      );
      const [row] = (await leadPage(h.handle.db, filter({ q: "own.site@example.com" }))).rows;
      expect(row).toMatchObject({ kind: "download", referrer: "localhost.example", landingPage: null });
      await h.post("/forms/contact", { name: "Same", email: "same.host@example.com", message: "m", visit_referrer: "localhost" });
      expect((await leadPage(h.handle.db, filter({ q: "same.host@example.com" }))).rows[0]?.referrer).toBeNull();
    });
  });

  describe("the list", () => {
    beforeAll(async () => {
      await h.handle.db.execute(sql`TRUNCATE contact_requests, feature_requests, newsletter_subscribers, resource_leads CASCADE`);
      // 120 contact requests a minute apart, then one of each other kind, newest last.
      await h.handle.db.execute(sql`
        INSERT INTO contact_requests (name, email, company_name, message, created_at, utm_source)
        SELECT 'Person ' || n, 'person' || n || '@example.com', CASE WHEN n % 10 = 0 THEN 'Acme 100% Ltd' END, 'Message number ' || n,
               timestamptz '2026-01-01T00:00:00Z' + make_interval(mins => n), CASE WHEN n % 3 = 0 THEN 'linkedin' END
        FROM generate_series(1, 120) AS n`);
      await h.handle.db.execute(sql`
        INSERT INTO feature_requests (name, email, feature_title, description, created_at) VALUES
          ('Grace', 'grace@example.com', 'HubSpot sync', 'Push meetings', '2026-01-05T10:00:00Z')`);
      await h.handle.db.execute(sql`
        INSERT INTO newsletter_subscribers (email, source, created_at, status) VALUES ('ann@example.com', '/resources', '2026-01-06T10:00:00Z', 'confirmed')`);
      await h.handle.db.execute(sql`
        INSERT INTO resource_leads (name, email, resource_id, resource_title, downloaded_at, referrer) VALUES
          ('Al', 'al@example.com', 'outreach-checklist', 'Outreach checklist', '2026-01-07T10:00:00Z', 'news.ycombinator.com')`);
    });

    it("shows every type newest first, 50 to a page, with the total and each type's count", async () => {
      const first = await leadPage(h.handle.db, DEFAULT_FILTER);
      expect(first.total).toBe(123);
      expect(first.byKind).toEqual({ contact: 120, "feature-request": 1, newsletter: 1, download: 1, demo: 0 });
      expect(first.pageCount).toBe(3);
      expect(first.rows).toHaveLength(50);
      expect(first.rows.slice(0, 4).map((row) => row.kind)).toEqual(["download", "newsletter", "feature-request", "contact"]);
      expect(first.rows[3]).toMatchObject({ name: "Person 120", summary: "Message number 120" });
      const last = await leadPage(h.handle.db, filter({ page: 3 }));
      expect(last.rows.map((row) => row.name)).toEqual(["Person 23", ...Array.from({ length: 22 }, (_, i) => `Person ${22 - i}`)]);
      // A page past the end shows the last one.
      expect((await leadPage(h.handle.db, filter({ page: 99 }))).page).toBe(3);
    });

    it("searches name, email, company and text, case-insensitively, with LIKE's wildcards taken literally", async () => {
      expect((await leadPage(h.handle.db, filter({ q: "PERSON7@" }))).rows.map((row) => row.email)).toEqual(["person7@example.com"]);
      expect((await leadPage(h.handle.db, filter({ q: "hubspot" }))).rows.map((row) => row.kind)).toEqual(["feature-request"]);
      expect((await leadPage(h.handle.db, filter({ q: "100% ltd" }))).total).toBe(12);
      expect((await leadPage(h.handle.db, filter({ q: "1_0" }))).total).toBe(0);
      expect((await leadPage(h.handle.db, filter({ q: "message number 11" }))).total).toBe(11);
    });

    it("filters by type, stage, dates and where the visit came from", async () => {
      expect((await leadPage(h.handle.db, filter({ type: "newsletter" }))).rows).toMatchObject([
        { email: "ann@example.com", subscription: "confirmed" },
      ]);
      expect((await leadPage(h.handle.db, filter({ from: "2026-01-05", to: "2026-01-06" }))).rows.map((row) => row.kind)).toEqual([
        "newsletter",
        "feature-request",
      ]);
      expect((await leadPage(h.handle.db, filter({ source: "LinkedIn" }))).total).toBe(40);
      expect((await leadPage(h.handle.db, filter({ source: "ycombinator" }))).rows.map((row) => row.email)).toEqual(["al@example.com"]);

      const [lead] = (await leadPage(h.handle.db, filter({ q: "person5@" }))).rows;
      expect(await moveLead(h.handle.db, "contact", lead!.id, { from: "new", to: "qualified" }, "ops@example.com")).toEqual({
        status: "done",
      });
      expect((await leadPage(h.handle.db, filter({ stage: "qualified" }))).rows.map((row) => row.email)).toEqual(["person5@example.com"]);
      expect((await leadPage(h.handle.db, filter({ stage: "qualified" }))).rows[0]!.stage).toBe("qualified");
      expect((await leadPage(h.handle.db, filter({ stage: "new" }))).total).toBe(122);
      // A sign-up and a download still at `new` are the audience, not people to answer (decision 044): not counted as new.
      expect(await newLeadCounts(h.handle.db)).toEqual({ contact: 119, "feature-request": 1, newsletter: 0, download: 0, demo: 0 });
    });

    it("exports exactly what the filter matches, every page of it, formulas defused", async () => {
      await h.handle.db.execute(
        sql`INSERT INTO contact_requests (name, email, message, created_at, utm_source) VALUES ('=HYPERLINK("x")', 'formula@example.com', 'Hi', '2026-01-03T00:00:00Z', 'linkedin')`,
      );
      const csv = await collect(leadsCsv(h.handle.db, filter({ source: "linkedin" })));
      const lines = csv.split("\r\n").filter(Boolean);
      expect(lines[0]).toBe(
        "type,id,received_at,stage,name,email,company,subject,message,use_case,resource_id,newsletter_source,newsletter_status," +
          "stage_at,stage_by,owner,follow_up_on,notes,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content",
      );
      expect(lines).toHaveLength(1 + 41);
      expect(lines.filter((line) => line.includes(`"'=HYPERLINK(""x"")"`))).toHaveLength(1);
      expect(lines.slice(1).every((line) => line.startsWith("contact,") && line.includes(",linkedin,"))).toBe(true);
      // Newest first, over more than one batch of the export's reader.
      const all = (await collect(leadsCsv(h.handle.db, DEFAULT_FILTER))).split("\r\n").filter(Boolean);
      expect(all).toHaveLength(1 + 124);
    });

    it("keeps who moved a lead and when, and its notes, and shows the lead with everything from its address", async () => {
      const [lead] = (await leadPage(h.handle.db, filter({ q: "person9@" }))).rows;
      await moveLead(h.handle.db, "contact", lead!.id, { from: "new", to: "contacted" }, "ops@example.com");
      expect(await addNote(h.handle.db, "contact", lead!.id, "Called back", "ops@example.com")).toBe("done");
      const detail = await leadDetail(h.handle.db, "contact", lead!.id);
      expect(detail).toMatchObject({
        email: "person9@example.com",
        stage: "contacted",
        stageBy: "ops@example.com",
        notes: [{ by: "ops@example.com", text: "Called back" }],
        utmSource: "linkedin",
      });
      expect(detail!.stageAt).toBeInstanceOf(Date);
      expect(detail!.fields).toEqual([
        { label: "Company", value: null },
        { label: "Message", value: "Message number 9", long: true },
      ]);
      await moveLead(h.handle.db, "contact", lead!.id, { from: "contacted", to: "new" }, "ops@example.com");
      expect(await leadDetail(h.handle.db, "contact", lead!.id)).toMatchObject({ stage: "new", stageBy: "ops@example.com" });
      expect(await leadDetail(h.handle.db, "contact", 999_999)).toBeNull();
      expect(await moveLead(h.handle.db, "contact", 999_999, { from: "new", to: "won" }, "ops@example.com")).toEqual({ status: "missing" });

      await h.post("/forms/download", { name: "Person Nine", email: "Person9@Example.com", resourceId: "outreach-checklist" });
      expect((await leadsOfAddress(h.handle.db, "person9@example.com")).map((row) => row.kind).sort()).toEqual(["contact", "download"]);
    });
  });

  describe("data-subject requests", () => {
    const address = "Subject.Person@Example.com";
    beforeAll(async () => {
      await h.handle.db.execute(sql`TRUNCATE outbox`);
      await h.post("/forms/contact", { name: "Subject", email: address, message: "Please call" });
      await h.post("/forms/feature-request", { name: "Subject", email: "subject.person@example.com", featureTitle: "T", description: "D" });
      await h.post("/forms/newsletter", { email: "SUBJECT.PERSON@EXAMPLE.COM", source: "/" });
      await h.post("/forms/download", { name: "Subject", email: address, resourceId: "outreach-checklist" });
      await h.post("/forms/roadmap-vote", { itemId: "hubspot-crm-sync", email: "Subject.Person@example.com", note: "For our CRM." });
      // They booked a demo, and the booking service told the site (docs/decisions/028): a demo lead, its booking, the delivery.
      const secret = "a booking webhook secret";
      const booking = Buffer.from(calBody("booking-created", { uid: "subject-booking", email: "subject.person@example.com" }));
      const booked = await receiveBooking(h.handle.db, "cal", booking, bodySignature(secret, booking.toString()), {
        secret,
        notices: h.services.notices,
        goals: false,
      });
      expect(booked.status).toBe(200);
      await h.handle.db.insert(outbox).values([
        { kind: "contact-acknowledgement", recipient: address, payload: { to: address } },
        { kind: "team-notification", recipient: null, payload: { replyTo: "subject.person@example.com", name: "Subject" } },
        { kind: "team-notification", recipient: null, payload: { replyTo: "another.subject.person@example.com" } },
      ]);
      // Their address bounced once for good and once for now (the do-not-mail list, decision 024).
      await suppress(h.handle.db, address, "hard-bounce", "550 5.1.1 No such user", "smtp");
      await recordSoftBounce(h.handle.db, address, "452 4.2.2 Mailbox full", "smtp", 3);
      await suppress(h.handle.db, "another.subject.person@example.com", "complaint", null, "webhook");
      // A newsletter issue went to them (decision 025).
      await h.handle.db.execute(sql`INSERT INTO newsletter_issues (topic, source_key, status, subject, preheader, title, excerpt, link_path)
        VALUES ('resource', 'subject-test', 'sending', 'An issue', '', 'An issue', 'Words.', '/resources')`);
      await h.handle.db.execute(sql`INSERT INTO newsletter_deliveries (issue_id, subscriber_id, status)
        SELECT i.id, s.id, 'sent' FROM newsletter_issues i, newsletter_subscribers s WHERE lower(s.email) = lower(${address})`);
      // A shipped roadmap item's notice went to them, and they withdrew from another item (decision 036).
      await h.handle.db.execute(sql`INSERT INTO newsletter_issues (topic, source_key, status, subject, preheader, title, excerpt, link_path)
        VALUES ('shipped', 'smartlead-integration', 'sending', 'Shipped', '', 'Shipped', 'Words.', '/roadmap')`);
      await h.handle.db.execute(sql`INSERT INTO roadmap_notice_deliveries (issue_id, email, status)
        SELECT id, ${address}, 'sent' FROM newsletter_issues WHERE topic = 'shipped'`);
      await h.handle.db.execute(
        sql`INSERT INTO roadmap_withdrawals (item_id, email) VALUES ('outlook-calendar-invites', ${address.toUpperCase()})`,
      );
    });

    /** One row about the subject in each lead table and among the held spam, and their jobs in the outbox. */
    const everyTable = (jobs: number) => ({
      contact_requests: 1,
      demo_booking_events: 1,
      demo_bookings: 1,
      demo_leads: 1,
      feature_requests: 1,
      newsletter_deliveries: 1,
      newsletter_subscribers: 1,
      resource_leads: 1,
      roadmap_votes: 1,
      roadmap_notice_deliveries: 1,
      roadmap_withdrawals: 1,
      outbox: jobs,
      spam_posts: 1,
      email_suppressions: 1,
      email_soft_bounces: 1,
    });

    it("names every table it looks in, in words, on the report and in the audit log", () => {
      expect(SUBJECT_TABLE_NAMES.filter((table) => !SUBJECT_TABLE_LABELS[table])).toEqual([]);
    });

    it("finds every row about the address in every table, the outbox included, whatever the case", async () => {
      // A post of theirs that was held as spam is about them too.
      await h.post("/forms/contact", { name: "Subject", email: address.toUpperCase(), message: "Held", website: "autofilled" });
      const records = await subjectRecords(h.handle.db, " subject.person@example.COM ");
      // Every job but the other person's is about the subject: the receipts, confirmations and download links sent to
      // them, the team notifications and webhooks that quote them, and the two inserted above.
      const jobs = (await h.rows("outbox")).length - 1;
      expect(jobs).toBeGreaterThanOrEqual(2 + 4);
      expect(Object.fromEntries(Object.entries(records).map(([table, rows]) => [table, rows.length]))).toEqual(everyTable(jobs));
      expect(records.contact_requests[0]).toMatchObject({ email: address, message: "Please call" });
    });

    it("erases them all in one go, leaves others alone and writes an audit line without the address", async () => {
      const jobs = (await h.rows("outbox")).length - 1;
      const erased = await eraseSubject(h.handle.db, address, "ops@example.com");
      const counts = erased.rows;
      expect(counts).toEqual(everyTable(jobs));
      for (const table of [
        "contact_requests",
        "demo_booking_events",
        "demo_bookings",
        "demo_leads",
        "feature_requests",
        "newsletter_deliveries",
        "newsletter_subscribers",
        "resource_leads",
        "roadmap_votes",
        "roadmap_notice_deliveries",
        "roadmap_withdrawals",
        "outbox",
        "spam_posts",
        "email_suppressions",
        "email_soft_bounces",
        "audit_log",
      ]) {
        const rows = await h.rows(table);
        expect(
          rows.filter((row) => JSON.stringify(row).toLowerCase().includes('"subject.person@example.com"')),
          table,
        ).toEqual([]);
      }
      expect((await h.rows("outbox")).map((row) => row.payload)).toEqual([{ replyTo: "another.subject.person@example.com" }]);
      expect((await h.rows("email_suppressions")).map((row) => row.email)).toEqual(["another.subject.person@example.com"]);
      const [line] = await h.handle.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'erasure'`);
      expect(line).toMatchObject({ actor: "ops@example.com", detail: { rows: counts, mailFiles: 0, signInCounters: 0 } });
    });
  });

  describe("retention", () => {
    it("deletes what is past each period, keeps the rest and jobs still due, and says so in the audit log", async () => {
      const db = h.handle.db;
      await db.execute(sql`TRUNCATE contact_requests, outbox, resource_leads, newsletter_subscribers, roadmap_votes CASCADE`);
      const days = (n: number) => sql`now() - make_interval(days => ${n})`;
      await db.execute(sql`INSERT INTO contact_requests (name, email, message, created_at) VALUES
        ('Old', 'old@example.com', 'm', ${days(RETENTION_DEFAULT_DAYS.contact + 1)}),
        ('Recent', 'recent@example.com', 'm', ${days(RETENTION_DEFAULT_DAYS.contact - 1)})`);
      await db.execute(sql`INSERT INTO resource_leads (name, email, resource_id, resource_title, downloaded_at) VALUES
        ('Old', 'old@example.com', 'x', 'X', ${days(RETENTION_DEFAULT_DAYS.download + 1)})`);
      // A sign-up nobody confirmed goes once its link has expired; a confirmed subscriber stays, however old.
      await db.execute(sql`INSERT INTO newsletter_subscribers (email, source, status, created_at, confirmation_sent_at) VALUES
        ('unconfirmed@example.com', '/', 'pending', ${days(9)}, ${days(8)}),
        ('asked-today@example.com', '/', 'pending', ${days(9)}, ${days(0)}),
        ('confirmed@example.com', '/', 'confirmed', ${days(900)}, ${days(900)})`);
      // The same for a roadmap vote (the privacy policy says so): unconfirmed past its link's life goes.
      await db.execute(sql`INSERT INTO roadmap_votes (item_id, email, status, consent_text, created_at, confirmation_sent_at) VALUES
        ('hubspot-crm-sync', 'unconfirmed@example.com', 'pending', 'c', ${days(9)}, ${days(8)}),
        ('hubspot-crm-sync', 'asked-today@example.com', 'pending', 'c', ${days(9)}, ${days(0)}),
        ('hubspot-crm-sync', 'confirmed@example.com', 'confirmed', 'c', ${days(900)}, ${days(900)})`);
      await db.execute(sql`INSERT INTO outbox (kind, payload, status, created_at, sent_at) VALUES
        ('sent-old', '{}', 'sent', ${days(40)}, ${days(31)}),
        ('sent-recent', '{}', 'sent', ${days(40)}, ${days(29)}),
        ('failed-old', '{}', 'failed', ${days(31)}, NULL),
        ('pending-old', '{}', 'pending', ${days(90)}, NULL)`);

      const report = await purgeExpired(db, RETENTION_DEFAULT_DAYS, retentionPurges);
      expect(report).toEqual({
        contact_requests: 1,
        feature_requests: 0,
        resource_leads: 1,
        newsletter_unconfirmed: 1,
        roadmap_votes_unconfirmed: 1,
        outbox: 2,
        audit_log: 0,
        spam_posts: 0,
        blog_files_unused: 0,
        missing_paths: 0,
      });
      expect((await h.rows("contact_requests")).map((row) => row.name)).toEqual(["Recent"]);
      expect((await h.rows("newsletter_subscribers")).map((row) => row.email)).toEqual([
        "asked-today@example.com",
        "confirmed@example.com",
      ]);
      expect((await h.rows("roadmap_votes")).map((row) => row.email)).toEqual(["asked-today@example.com", "confirmed@example.com"]);
      expect((await h.rows("outbox")).map((row) => row.kind)).toEqual(["sent-recent", "pending-old"]);
      const [line] = await db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'purge'`);
      expect(line).toMatchObject({ actor: "system", detail: { rows: report } });
      // Nothing left to delete: nothing written.
      expect(await purgeExpired(db, RETENTION_DEFAULT_DAYS, retentionPurges)).toMatchObject({ contact_requests: 0, outbox: 0 });
      expect(
        await db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.action} = 'purge'`),
      ).toHaveLength(1);
    });

    // PGlite is one process's (decision 032): no other instance can hold the purge's lock.
    if (driver === "postgres")
      it("skips a round while another instance is purging", async () => {
        const other = postgres(h.pg!.url, { max: 1, onnotice: () => {} });
        try {
          await other`SELECT pg_advisory_lock(72011906)`;
          expect(await purgeExpired(h.handle.db, RETENTION_DEFAULT_DAYS, retentionPurges)).toBeNull();
          await other`SELECT pg_advisory_unlock(72011906)`;
          expect(await purgeExpired(h.handle.db, RETENTION_DEFAULT_DAYS, retentionPurges)).not.toBeNull();
        } finally {
          await other.end();
        }
      });
  });

  describe("accounts, sessions and the sign-in limits", () => {
    const password = "correct horse battery staple";
    let clock = Date.parse("2026-03-01T12:00:00Z");
    const now = () => clock;

    it("signs in with the right password only, limits failures per account and client, and counts unknown accounts alike", async () => {
      const auth = createOperatorAuth(h.handle.db, TEST_OPERATOR_AUTH, now);
      await addOperator(h.handle.db, "Ops@Example.com", password, "admin");
      await expect(addOperator(h.handle.db, "ops@example.com", password, "admin")).rejects.toThrow("already has an account");
      await expect(addOperator(h.handle.db, "short@example.com", "too short", "admin")).rejects.toThrow("at least 12 characters");

      const attempt = (email: string, typed: string, address = "203.0.113.1") =>
        signIn(h.handle.db, auth, { email, password: typed, address });
      expect(await attempt("ops@example.com", "wrong password!")).toEqual({ status: "wrong" });
      expect(await attempt("nobody@example.com", password)).toEqual({ status: "wrong" });
      const signedIn = await attempt("OPS@example.com", password);
      expect(signedIn.status).toBe("signed-in");

      for (let i = 0; i < TEST_OPERATOR_AUTH.maxPerAccount; i++)
        expect((await attempt("ops@example.com", `wrong ${i}`)).status).toBe("wrong");
      // Over the limit even the right password is refused from that address until its wait is over; an unknown account
      // is answered alike; another address was never kept out.
      const locked = await attempt("ops@example.com", password);
      if (locked.status !== "locked") throw new Error(locked.status);
      for (let i = 0; i < TEST_OPERATOR_AUTH.maxPerAccount; i++) await attempt("nobody@example.com", `wrong ${i}`, "203.0.113.3");
      expect(await attempt("nobody@example.com", password, "203.0.113.3")).toEqual(locked);
      expect((await attempt("ops@example.com", password, "198.51.100.9")).status).toBe("signed-in");
      clock += locked.retryAfterSeconds * 1000 - 1000;
      expect((await attempt("ops@example.com", password)).status).toBe("locked");
      clock += 1000;
      expect((await attempt("ops@example.com", password)).status).toBe("signed-in");

      const audit = await h.handle.db.select({ actor: auditLog.actor, action: auditLog.action }).from(auditLog);
      expect(audit).toContainEqual({ actor: "unknown account", action: "sign-in-failed" });
      expect(audit).toContainEqual({ actor: "Ops@Example.com", action: "sign-in" });
      expect(JSON.stringify(audit)).not.toContain("nobody@example.com");
    });

    it("limits failures per address across accounts", async () => {
      const auth = createOperatorAuth(h.handle.db, { ...TEST_OPERATOR_AUTH, maxPerAccount: 100, maxPerAddress: 3 }, now);
      for (const account of ["a@example.com", "b@example.com", "c@example.com"]) {
        expect((await signIn(h.handle.db, auth, { email: account, password: "x", address: "192.0.2.50" })).status).toBe("wrong");
      }
      expect((await signIn(h.handle.db, auth, { email: "ops@example.com", password, address: "192.0.2.50" })).status).toBe("locked");
      expect((await signIn(h.handle.db, auth, { email: "ops@example.com", password, address: "192.0.2.51" })).status).toBe("signed-in");
    });

    it("expires an idle session, ends one or all, and ends them all when the account is removed", async () => {
      const auth = createOperatorAuth(h.handle.db, TEST_OPERATOR_AUTH, now);
      const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
      const request = (cookie: string) => new Request("http://localhost/console/leads", { headers: { Cookie: cookie } });
      const login = async () => {
        const result = await signIn(h.handle.db, auth, { email: "ops@example.com", password, address: "203.0.113.2" });
        if (result.status !== "signed-in") throw new Error(result.status);
        return cookieOf(result.setCookie);
      };

      const first = await login();
      const read = await auth.sessions.read(request(first));
      expect(read).toMatchObject({ status: "signed-in", operator: { email: "Ops@Example.com" } });
      if (read.status !== "signed-in") return;
      expect(auth.sessions.verifyCsrf(read.operator, read.operator.csrfToken)).toBe(true);
      expect(auth.sessions.verifyCsrf(read.operator, `${read.operator.csrfToken.slice(0, -1)}x`)).toBe(false);
      expect(auth.sessions.verifyCsrf(read.operator, undefined)).toBe(false);

      // Activity keeps it alive; idleness ends it.
      clock += (TEST_OPERATOR_AUTH.idleMinutes - 1) * 60_000;
      expect((await auth.sessions.read(request(first))).status).toBe("signed-in");
      clock += (TEST_OPERATOR_AUTH.idleMinutes - 1) * 60_000;
      expect((await auth.sessions.read(request(first))).status).toBe("signed-in");
      clock += TEST_OPERATOR_AUTH.idleMinutes * 60_000;
      expect((await auth.sessions.read(request(first))).status).toBe("expired");

      // A forged or tampered cookie is no session at all.
      const second = await login();
      const [name, value] = second.split("=");
      expect((await auth.sessions.read(request(`${name}=${value!.slice(0, -3)}abc`))).status).toBe("none");

      const third = await login();
      await auth.sessions.end(request(third));
      expect((await auth.sessions.read(request(third))).status).toBe("expired");
      expect((await auth.sessions.read(request(second))).status).toBe("signed-in");

      await login();
      const signedIn = await auth.sessions.read(request(second));
      if (signedIn.status !== "signed-in") throw new Error("expected a session");
      await auth.sessions.endAll(signedIn.operator.operatorId);
      expect((await auth.sessions.read(request(second))).status).toBe("expired");

      const fourth = await login();
      await removeOperator(h.handle.db, "ops@example.com");
      expect((await auth.sessions.read(request(fourth))).status).toBe("expired");
    });
  });
});
