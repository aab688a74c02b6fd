import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { addOperator, coverUpload, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";

// An editor always knows what happened (decision 046). A refused action's page, as the server answers a form sent
// without JavaScript, puts the focus on its error summary (autofocus, role=alert) in every editor. And one time-zone
// rule for every scheduler: with the operator's own zone away from UTC, a post, the site content
// and a newsletter issue scheduled for 09:00 are stored as the instant 09:00 is in that zone, and each editor shows
// 09:00 back in its field, its state and the sentence beside the field. Through the built server, as a page without
// JavaScript sends its forms.

const ZONE = "Europe/Berlin";
const ADMIN = "zone.admin@example.com";
// A winter day of next year: Berlin is UTC+1, so 09:00 there is 08:00 UTC.
const YEAR = new Date().getUTCFullYear() + 1;
const TYPED = `${YEAR}-01-15T09:00`;
const STORED = `${YEAR}-01-15T08:00:00.000Z`;
const SAID = `Scheduled for Jan 15, ${YEAR}, 09:00 (${ZONE})`;

describe("the editors' publishing", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let server: RunningServer;

  beforeAll(async () => {
    pg = await createTestDatabase();
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    const env = { DATABASE_URL: pg.url, SECRET_KEY: "z".repeat(40) };
    await addOperator(env, ADMIN, "admin");
    // The operator's own zone, as the account page sets it (decision 045).
    await sql`UPDATE operators SET time_zone = ${ZONE} WHERE email = ${ADMIN}`;
    server = await startServer(env);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await sql?.end({ timeout: 1 });
    await pg?.destroy();
  });

  it("schedules a post, the FAQ and a newsletter issue for 09:00 in Europe/Berlin, stores 08:00 UTC and shows 09:00 back", async () => {
    const send = await operatorSession(server.url, ADMIN, OPERATOR_PASSWORD, "/console/posts/new");
    const cover = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2255aa" } })
      .png()
      .toBuffer();
    const post = {
      title: "A post scheduled in Berlin",
      slug: "scheduled-in-berlin",
      excerpt: "An excerpt.",
      content: "## A heading\n\nThe body.",
      author: "Ann Writer",
      category: "Tutorials",
      tags: "",
      coverAlt: "A blue rectangle",
    };
    const created = await send("/console/posts/new", { ...post, intent: "save" }, coverUpload(cover));
    expect(created.status).toBe(303);
    const postPath = created.headers.get("location")!.replace(/\?.*$/, "");
    const [{ version: postVersion }] = (await sql`SELECT version FROM blog_posts WHERE slug = ${post.slug}`) as unknown as [
      { version: number },
    ];

    const faqFields = Object.fromEntries(
      faq.flatMap((entry, index) => [
        [`${index}.position`, String(index + 1)],
        [`${index}.question`, entry.question],
        [`${index}.answer`, entry.answer],
      ]),
    );
    const [{ version: faqVersion }] = (await sql`SELECT version FROM site_content WHERE collection = 'faq'`) as unknown as [
      { version: number },
    ];

    const [{ id: issueId }] = (await sql`
      INSERT INTO newsletter_issues (topic, source_key, subject, preheader, title, excerpt, link_path)
      VALUES ('post', 'zone-test', 'An issue scheduled in Berlin', '', 'A post', 'What it says.', '/blog') RETURNING id`) as unknown as [
      { id: number },
    ];

    const schedulers: { name: string; path: string; fields: Record<string, string>; stored: () => Promise<Date>; field: RegExp }[] = [
      {
        name: "blog",
        path: postPath,
        fields: { ...post, intent: "schedule", publishAtLocal: TYPED, version: String(postVersion) },
        stored: async () => (await sql`SELECT publish_at AS at FROM blog_posts WHERE slug = ${post.slug}`)[0]!.at as Date,
        field: /<input[^>]*name="publishAtLocal"[^>]*>/,
      },
      {
        name: "site content",
        path: "/console/content/faq",
        fields: { ...faqFields, intent: "schedule", publishAtLocal: TYPED, version: String(faqVersion) },
        stored: async () => (await sql`SELECT publish_at AS at FROM site_content WHERE collection = 'faq'`)[0]!.at as Date,
        field: /<input[^>]*name="publishAtLocal"[^>]*>/,
      },
      {
        name: "newsletter",
        path: `/console/newsletter/${issueId}`,
        fields: { intent: "schedule", at: TYPED, version: "1" },
        stored: async () => (await sql`SELECT scheduled_at AS at FROM newsletter_issues WHERE id = ${issueId}`)[0]!.at as Date,
        field: /<input[^>]*name="at"[^>]*>/,
      },
    ];
    const cookie = await sessionCookie(server.url, ADMIN);
    for (const scheduler of schedulers) {
      const answer = await send(scheduler.path, scheduler.fields);
      expect(answer.status, `${scheduler.name}: ${answer.status}`).toBeLessThan(400);
      expect((await scheduler.stored()).toISOString(), scheduler.name).toBe(STORED);
      const html = (await (await fetch(`${server.url}${scheduler.path}`, { headers: { Cookie: cookie } })).text()).replaceAll(
        "<!-- -->",
        "",
      );
      expect(html, scheduler.name).toContain(`Times are ${ZONE}.`);
      expect(html, scheduler.name).toContain(SAID);
      expect(scheduler.field.exec(html)?.[0], scheduler.name).toContain(`value="${TYPED}"`);
    }
  });

  it("a refused publish, save or schedule answers a page whose focus lands on its error summary, without JavaScript", async () => {
    const send = await operatorSession(server.url, ADMIN, OPERATOR_PASSWORD, "/console/posts/new");
    const fields = {
      title: "A post without a cover",
      slug: "without-a-cover",
      excerpt: "An excerpt.",
      content: "The body.",
      author: "Ann Writer",
      category: "Tutorials",
      tags: "",
      coverAlt: "",
    };
    const created = await send("/console/posts/new", { ...fields, intent: "save" });
    const postPath = created.headers.get("location")!.replace(/\?.*$/, "");
    const [{ version }] = (await sql`SELECT version FROM blog_posts WHERE slug = ${fields.slug}`) as unknown as [{ version: number }];
    const [{ id: issueId }] = (await sql`
      INSERT INTO newsletter_issues (topic, source_key, subject, preheader, title, excerpt, link_path)
      VALUES ('post', 'refused-test', 'An issue refused', '', 'A post', 'What it says.', '/blog') RETURNING id`) as unknown as [
      { id: number },
    ];
    const refusals: { path: string; fields: Record<string, string>; said: string; first: string }[] = [
      {
        path: postPath,
        fields: { ...fields, intent: "publish", version: String(version) },
        said: "Saved as a draft, not published",
        first: "Thumbnail image",
      },
      {
        path: "/console/content/faq",
        fields: { "0.question": "", intent: "publish", version: "1" },
        said: "Nothing was saved",
        first: "1. ",
      },
      {
        path: `/console/newsletter/${issueId}`,
        fields: { intent: "schedule", at: "2020-01-01T09:00", version: "1" },
        said: "Not scheduled",
        first: "Send at",
      },
    ];
    for (const refusal of refusals) {
      const answer = await send(refusal.path, refusal.fields);
      expect(answer.status, refusal.path).toBe(422);
      const html = (await answer.text()).replaceAll("<!-- -->", "");
      // The document's one autofocus is the summary, which a browser focuses (and scrolls to) as the page loads.
      expect(html.match(/\sautofocus[\s=>]/g), refusal.path).toHaveLength(1);
      const summary = /<div(?=[^>]*\sautofocus)(?=[^>]*role="alert")(?=[^>]*tabindex="-1")[^>]*data-error-summary[^>]*>(.*?)<\/ul>/s.exec(
        html,
      );
      expect(summary?.[1], refusal.path).toContain(refusal.said);
      expect(/<a href="#[^"]+"[^>]*>([^<]+)<\/a>/.exec(summary![1]!)?.[1], refusal.path).toContain(refusal.first);
    }
  });
});
