import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { stats } from "~/content/stats";
import { COLLECTION_NAMES } from "~/features/site-content";
import { startServer, type RunningServer } from "../support/serve-build";
import { XSS_PAYLOADS } from "../support/xss-payloads";
import type { TestDatabase } from "../support/server/postgres";
import { startTwoInstances, stopTwoInstances } from "../support/server/two-instances";
import { addOperator, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";

// The statistics and the FAQ edited in the browser (docs/decisions/035), against the built server through the editor's
// own form: published on one instance, on every page that shows them on both within 5 s, in the home page's FAQPage
// data too; refused with the reason beside the field; a second editor told; a preview shows the draft on the real
// page; a schedule publishes once. On PostgreSQL (two instances) and PGlite. And an XSS corpus stored in every text
// field is inert on every page that shows it.

const EDITOR = "content.editor@example.com";
const FAQ_PATH = "/console/content/faq";
const STATS_PATH = "/console/content/statistics";

/** The form's fields for the entries as app/content has them, with some changed (`2.answer`). */
function faqForm(over: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  faq.forEach((entry, index) => {
    fields[`${index}.position`] = String(index + 1);
    fields[`${index}.question`] = entry.question;
    fields[`${index}.answer`] = entry.answer;
  });
  return { ...fields, ...over };
}

function statsForm(over: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  stats.forEach((stat, index) => {
    fields[`${index}.value`] = stat.value;
    fields[`${index}.label`] = stat.label;
    fields[`${index}.basis.kind`] = stat.basis.kind;
    if (stat.basis.kind === "study") {
      fields[`${index}.basis.measured`] = stat.basis.measured;
      fields[`${index}.basis.source.label`] = stat.basis.source.label;
      fields[`${index}.basis.source.url`] = stat.basis.source.url;
    }
  });
  return { ...fields, ...over };
}
const statIndex = (id: string) => stats.findIndex((stat) => stat.id === id);

const text = async (url: string) => (await fetch(url)).text();

/** The home page's FAQPage structured data. */
async function faqJsonLd(url: string): Promise<{ name: string; acceptedAnswer: { text: string } }[]> {
  const html = await text(`${url}/`);
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(json!) as { "@type": string; mainEntity?: [] };
    if (data["@type"] === "FAQPage") return data.mainEntity ?? [];
  }
  throw new Error("no FAQPage data on /");
}

/** The version an editor opening the collection's page now would save over. */
async function versionOf(url: string, target: string) {
  const html = await (await fetch(`${url}${target}`, { headers: { Cookie: await sessionCookie(url, EDITOR) } })).text();
  return /name="version" value="(\d+)"/.exec(html)![1]!;
}

describe("site content on PostgreSQL, two instances", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    ({ pg, sql, a, b } = await startTwoInstances({ SECRET_KEY: "c".repeat(40), OUTBOX_POLL_SECONDS: "0.5" }, async (databaseUrl) => {
      await addOperator({ DATABASE_URL: databaseUrl }, EDITOR, "editor");
    }));
  }, 180_000);

  afterAll(() => stopTwoInstances({ pg, sql, a, b }));

  it("imports app/content once, and serves the pages that show it from the cache with an ETag", async () => {
    const rows = await sql`SELECT collection, version FROM site_content ORDER BY collection`;
    expect(rows).toEqual([...COLLECTION_NAMES].sort().map((collection) => ({ collection, version: 1 })));
    for (const page of ["/", "/features", "/pricing", "/roadmap", "/register", "/resources"]) {
      const first = await fetch(`${b.url}${page}`);
      const etag = first.headers.get("etag");
      expect(etag, page).toBeTruthy();
      const again = await fetch(`${b.url}${page}`, { headers: { "If-None-Match": etag! } });
      expect(again.status, page).toBe(304);
    }
  });

  it("a statistic and a FAQ answer published on one instance are on every page of both within 5 s, in the FAQ data too", async () => {
    const marker = "zqfaqanswer";
    // Both instances have the pages cached before the change.
    for (const server of [a, b]) expect(await text(`${server.url}/`)).not.toContain(marker);
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);

    const faqVersion = await versionOf(a.url, FAQ_PATH);
    const answer = `Yes, with ${marker} and everything else.`;
    const published = await send(FAQ_PATH, { ...faqForm({ "3.answer": answer }), intent: "publish", version: faqVersion });
    expect(published.status).toBe(200);
    const started = Date.now();
    await expect.poll(async () => (await text(`${b.url}/`)).includes(marker), { timeout: 5000, interval: 200 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await faqJsonLd(b.url))[3]!.acceptedAnswer.text).toBe(answer);

    const statsVersion = await versionOf(a.url, STATS_PATH);
    const hours = statIndex("hours-saved");
    const study = statIndex("speed-to-lead");
    const statPublished = await send(STATS_PATH, {
      ...statsForm({ [`${hours}.value`]: "31+", [`${study}.label`]: "zqstudylabel higher odds of reaching a lead" }),
      intent: "publish",
      version: statsVersion,
    });
    expect(statPublished.status).toBe(200);
    await expect.poll(async () => (await text(`${b.url}/features`)).includes("zqstudylabel"), { timeout: 5000, interval: 200 }).toBe(true);
    const home = await text(`${b.url}/`);
    // In the figures and in the card that quotes it.
    expect(home).toContain("31+");
    expect(home).toContain("Our target: 31+ hours a week");
    expect(await text(`${a.url}/features`)).toContain("31+");
  });

  it("refuses a publication that breaks a copy rule, with the reason beside the field, and changes nothing", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);
    const version = await versionOf(a.url, FAQ_PATH);
    const before = await sql`SELECT published, version FROM site_content WHERE collection = 'faq'`;
    const refused = await send(FAQ_PATH, { ...faqForm({ "2.answer": "Plans start at $15 a month." }), intent: "publish", version });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("Not published");
    expect(html).toMatch(/id="field-2-answer-error"[^>]*>price &quot;\$15&quot; without two decimals: write &quot;\$15.00&quot;/);
    // What was typed is shown again.
    expect(html).toContain("Plans start at $15 a month.");
    expect(await sql`SELECT published, version FROM site_content WHERE collection = 'faq'`).toEqual(before);

    const statsVersion = await versionOf(a.url, STATS_PATH);
    const study = statIndex("speed-to-lead");
    const noSource = await send(STATS_PATH, {
      ...statsForm({ [`${study}.basis.source.label`]: "", [`${study}.basis.source.url`]: "" }),
      intent: "publish",
      version: statsVersion,
    });
    expect(noSource.status).toBe(422);
    expect(await noSource.text()).toContain("A study&#x27;s figure needs its source: link to the study.");
  });

  it("tells the second of two editors who saved the same collection, and keeps the first one's words", async () => {
    const first = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);
    const second = await operatorSession(b.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);
    const opened = await versionOf(a.url, FAQ_PATH);
    expect((await first(FAQ_PATH, { ...faqForm({ "0.answer": "First editor's draft." }), intent: "save", version: opened })).status).toBe(
      200,
    );
    const told = await second(FAQ_PATH, { ...faqForm({ "0.answer": "Second editor's draft." }), intent: "save", version: opened });
    expect(told.status).toBe(409);
    const html = await told.text();
    expect(html).toContain(`Not saved: ${EDITOR} changed this collection`);
    // The second editor's words are on the page, not lost.
    expect(html).toContain("Second editor&#x27;s draft.");
    expect(JSON.stringify((await sql`SELECT draft FROM site_content WHERE collection = 'faq'`)[0]!.draft)).toContain(
      "First editor's draft.",
    );
  });

  it("shows a draft through its preview link on the real page, never to visitors, and never from a forged link", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);
    const version = await versionOf(a.url, FAQ_PATH);
    const made = await send(FAQ_PATH, { ...faqForm({ "1.answer": "zqpreviewdraft answer." }), intent: "preview-link", version });
    const link = /href="(http[^"]*content-preview=[^"]+)"/.exec(await made.text())![1]!.replace(/&amp;/g, "&");
    const preview = await fetch(link.replace(/^https?:\/\/[^/]+/, b.url));
    expect(preview.headers.get("cache-control")).toContain("private");
    expect(await preview.text()).toContain("zqpreviewdraft");
    expect(await text(`${b.url}/`)).not.toContain("zqpreviewdraft");
    const forged = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(await text(forged.replace(/^https?:\/\/[^/]+/, b.url))).not.toContain("zqpreviewdraft");
    expect(await sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'content-preview-link'`).toEqual([{ n: 1 }]);
  });

  it("a scheduled change goes live once with two instances running, on both", async () => {
    const send = await operatorSession(b.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);
    const version = await versionOf(b.url, FAQ_PATH);
    // Far enough ahead to see it is not live yet.
    const at = new Date(Date.now() + 2000);
    const scheduled = await send(FAQ_PATH, {
      ...faqForm({ "5.answer": "zqscheduledanswer, billed monthly." }),
      intent: "schedule",
      // In UTC, the server's schedulers' zone (decision 046), seconds and all.
      publishAtLocal: at.toISOString().slice(0, 19),
      version,
    });
    expect(await scheduled.text()).toContain("Scheduled for");
    expect(await text(`${a.url}/`)).not.toContain("zqscheduledanswer");
    await expect.poll(async () => (await text(`${a.url}/`)).includes("zqscheduledanswer"), { timeout: 20_000, interval: 250 }).toBe(true);
    await expect.poll(async () => (await text(`${b.url}/`)).includes("zqscheduledanswer"), { timeout: 5000, interval: 250 }).toBe(true);
    expect(await sql`SELECT actor FROM audit_log WHERE action = 'content-published' AND detail->>'scheduled' IS NOT NULL`).toEqual([
      { actor: "system" },
    ]);
    expect(await sql`SELECT status, attempts FROM outbox WHERE kind = 'content:publish'`).toEqual([{ status: "sent", attempts: 1 }]);
  });

  it("keeps an XSS corpus stored in every text field inert on every page that shows it", async () => {
    const corpus = [...XSS_PAYLOADS.slice(0, 20), '" onmouseover="alert(1)', "javascript:alert(1)", "</script><script>alert(1)</script>"];
    // Stored as a careless import would, past the form's refusal of markup: the pages must still escape it.
    const faqDoc = faq.map((entry, index) => ({ question: corpus[index * 2]!, answer: `${corpus[index * 2 + 1]} ${entry.answer}` }));
    const statsDoc = stats.map((stat, index) => ({
      ...stat,
      value: corpus[(index + 12) % corpus.length]!,
      label: corpus[(index + 13) % corpus.length]!,
      ...(stat.basis.kind === "study"
        ? {
            basis: {
              kind: "study",
              measured: corpus[index % corpus.length]!,
              source: { label: corpus[(index + 1) % corpus.length]!, url: "javascript:alert(1)" },
            },
          }
        : {}),
    }));
    await sql`UPDATE site_content SET published = ${sql.json(faqDoc)} WHERE collection = 'faq'`;
    await sql`UPDATE site_content SET published = ${sql.json(statsDoc)} WHERE collection = 'statistics'`;
    await sql`SELECT pg_notify('site_content_changed', '')`;
    await expect.poll(async () => (await text(`${b.url}/`)).includes("onerror=alert"), { timeout: 5000, interval: 200 }).toBe(true);
    // Each page shows a payload as text: the FAQ's first question on /, a statistic's figure on both.
    const shown = {
      "/": "&lt;script&gt;alert(1)&lt;/script&gt;",
      "/features": "&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;",
    };
    for (const [page, escaped] of Object.entries(shown)) {
      const html = await text(`${b.url}${page}`);
      // Escaped as text: no element or attribute of a payload, and the JSON-LD cannot be closed from inside.
      expect(html, page).not.toMatch(/<img src=x|<svg onload|<script>alert|onmouseover="alert|href="javascript:/i);
      expect(html, page).toContain(escaped);
    }
    const data = await faqJsonLd(b.url);
    expect(data[0]!.name).toBe(corpus[0]);
    // Put back what app/content holds for the tests after this one.
    await sql`UPDATE site_content SET published = ${sql.json(faq.map(({ question, answer }) => ({ question, answer })))} WHERE collection = 'faq'`;
    await sql`UPDATE site_content SET published = ${sql.json(JSON.parse(JSON.stringify(stats)))} WHERE collection = 'statistics'`;
    await sql`SELECT pg_notify('site_content_changed', '')`;
  });
});

describe("site content on PGlite", () => {
  let server: RunningServer;

  beforeAll(async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-content-")), SECRET_KEY: "g".repeat(40) };
    // PGlite allows one process: the account is made before the server opens the folder.
    await addOperator(env, EDITOR, "editor");
    server = await startServer(env);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("publishes a FAQ answer and a statistic, live at once on the home page, its FAQ data and /features", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, FAQ_PATH);
    expect(await text(`${server.url}/`)).not.toContain("zqpgliteanswer");
    const version = await versionOf(server.url, FAQ_PATH);
    expect(
      (await send(FAQ_PATH, { ...faqForm({ "2.answer": "zqpgliteanswer, 1 credit = 1 reply." }), intent: "publish", version })).status,
    ).toBe(200);
    await expect.poll(async () => (await text(`${server.url}/`)).includes("zqpgliteanswer"), { timeout: 5000, interval: 200 }).toBe(true);
    expect((await faqJsonLd(server.url))[2]!.acceptedAnswer.text).toBe("zqpgliteanswer, 1 credit = 1 reply.");

    const statsVersion = await versionOf(server.url, STATS_PATH);
    const published = await send(STATS_PATH, {
      ...statsForm({ [`${statIndex("conversion")}.value`]: "41%" }),
      intent: "publish",
      version: statsVersion,
    });
    expect(published.status).toBe(200);
    await expect.poll(async () => (await text(`${server.url}/features`)).includes("41%"), { timeout: 5000, interval: 200 }).toBe(true);
  });
});
