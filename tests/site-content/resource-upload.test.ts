import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/content/resources";
import { openDatabase } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { initialContent } from "~/features/site-content";
import { seedDataDir } from "../support/pglite-template";
import { startServer, type RunningServer } from "../support/serve-build";
import { smallPdf, smallPng } from "../support/resource-fixtures";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie, type Upload } from "../support/server/operators";
import type { TestDatabase } from "../support/server/postgres";
import { startTwoInstances, stopTwoInstances } from "../support/server/two-instances";

// A resource added in the browser (decision 035), against the built server on PGlite through the editor's own form: its
// file judged by its bytes (refused with a sentence, nothing stored), its card published on /resources, downloaded
// through the same gated form as the nine with the same bytes back (its file served only while published), and its
// newsletter draft made once. Every way in for someone who may not add one is refused, and its text stays inert on the
// page.

const EDITOR = "resources.editor@example.com";
const SALES = "resources.sales@example.com";
const PAGE = "/console/content/resources";
const EVIL = "https://evil.example";

const card = (over: Record<string, string> = {}) => ({
  "new.title": "Reply Handling Playbook",
  "new.description": "How to answer every kind of reply, javascript:alert(1) included as plain text.",
  "new.category": "guides",
  "new.icon": "compass",
  "new.detail": "1 page",
  ...over,
});
const pdfUpload = (body: Buffer, filename = "playbook.pdf"): Upload => ({ field: "new.file", filename, type: "application/pdf", body });

type Card = Record<string, string>;
const builtCards: Card[] = resources.map(({ title, description, category, icon, detail }) => ({
  title,
  description,
  category,
  icon,
  detail,
}));

/** The resources form's fields for these cards, in this order, each at its place. */
function formFor(cards: Card[]): Record<string, string> {
  const fields: Record<string, string> = {};
  cards.forEach((entry, index) => {
    for (const [name, value] of Object.entries(entry)) fields[`${index}.${name}`] = value;
    fields[`${index}.position`] = String(index + 1);
  });
  return fields;
}

/** The resources form's fields for the built nine as app/content has them, and the ones given after them. */
const resourcesForm = (added: Card[] = []) => formFor([...builtCards, ...added]);

/** The resources editor as the editor sees it on the server at `url`. */
const editorPageAt = async (url: string) =>
  (await fetch(`${url}${PAGE}`, { headers: { Cookie: await sessionCookie(url, EDITOR) } })).text();
const versionAt = async (url: string) => /name="version" value="(\d+)"/.exec(await editorPageAt(url))![1]!;
/** What the card of `card()` publishes as, once its file is stored. */
const typedCard: Card = {
  title: card()["new.title"],
  description: card()["new.description"],
  category: "guides",
  icon: "compass",
  detail: "1 page",
};

describe("a resource added in the browser, on PGlite", () => {
  let server: RunningServer;

  const versionOf = () => versionAt(server.url);
  const editorPage = () => editorPageAt(server.url);

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-resources-"));
    // PGlite allows one process: the accounts are made before the server opens the folder.
    await addOperators({ dataDir }, [
      { email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" },
      { email: SALES, password: OPERATOR_PASSWORD, role: "sales" },
    ]);
    server = await startServer({ DATA_DIR: dataDir, SECRET_KEY: "r".repeat(40) });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("refuses adding a resource to a visitor without a session, a forged or cross-site post, and sales; nothing is stored", async () => {
    const pdf = await smallPdf();
    const post = (headers: Record<string, string>, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        ...card({ "new.title": "Forged Resource" }),
        intent: "add-resource",
        version: "1",
        ...fields,
      }))
        form.set(name, value);
      form.set("new.file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "forged.pdf");
      return fetch(`${server.url}${PAGE}`, { method: "POST", redirect: "manual", headers, body: form });
    };
    const anonymous = await post({ Origin: server.url }, {});
    expect([302, 303, 401, 403]).toContain(anonymous.status);

    const editor = await sessionCookie(server.url, EDITOR);
    const token = /name="csrf" value="([^"]+)"/.exec(await editorPage())![1]!;
    const forgeries: [string, Record<string, string>, Record<string, string>][] = [
      ["another site's Origin", { Origin: EVIL }, { csrf: token }],
      ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site" }, { csrf: token }],
      ["no token", { Origin: server.url }, {}],
      ["a wrong token", { Origin: server.url }, { csrf: `${token.slice(0, -2)}xx` }],
    ];
    for (const [label, headers, extra] of forgeries) expect((await post({ Cookie: editor, ...headers }, extra)).status, label).toBe(403);

    const sales = await sessionCookie(server.url, SALES);
    const salesToken = /name="csrf" value="([^"]+)"/.exec(
      await (await fetch(`${server.url}/console/account`, { headers: { Cookie: sales } })).text(),
    )![1]!;
    expect((await fetch(`${server.url}${PAGE}`, { redirect: "manual", headers: { Cookie: sales } })).status).toBe(403);
    expect((await post({ Cookie: sales, Origin: server.url }, { csrf: salesToken })).status).toBe(403);

    expect((await fetch(`${server.url}/resources/forged-resource.pdf`)).status).toBe(404);
    expect(await editorPage()).not.toContain("Forged Resource");
  });

  it("refuses a file that is not what its name says, one too big, a missing title and markup, with a clear message; nothing stored", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, PAGE);
    const version = await versionOf();
    const refusals: [string, Record<string, string>, Upload | undefined, string][] = [
      [
        "a PNG renamed .pdf",
        card(),
        pdfUpload(await smallPng(), "playbook.pdf"),
        "“playbook.pdf” is named as a PDF file, but its content is a PNG file: upload the real PDF.",
      ],
      [
        "too big",
        card(),
        pdfUpload(Buffer.concat([await smallPdf(), Buffer.alloc(10.5 * 1024 * 1024)])),
        "a resource may be at most 10 MB.",
      ],
      ["no file", card(), undefined, "Choose the resource&#x27;s file."],
      ["no title", card({ "new.title": "" }), pdfUpload(await smallPdf()), "Write the title."],
      [
        "markup in the description",
        card({ "new.description": '"><img src=x onerror=alert(1)>' }),
        pdfUpload(await smallPdf()),
        "The description cannot contain HTML: write it as plain text.",
      ],
    ];
    for (const [label, fields, file, message] of refusals) {
      const answer = await send(PAGE, { ...fields, intent: "add-resource", version }, file);
      expect(answer.status, label).toBe(422);
      const html = await answer.text();
      expect(html, label).toContain("The resource was not added, and nothing was stored.");
      expect(html, label).toContain(message);
    }
    expect(await versionOf()).toBe(version);
    expect((await fetch(`${server.url}/resources/reply-handling-playbook.pdf`)).status).toBe(404);
  });

  it("adds a PDF, publishes it on /resources, downloads the same bytes through the form, and drafts its newsletter issue once", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, PAGE);
    const pdf = await smallPdf("The reply handling playbook.");
    const added = await send(PAGE, { ...card(), intent: "add-resource", version: await versionOf() }, pdfUpload(pdf));
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Resource added to the draft with its file.");
    // A draft: not on the site yet, nor its file.
    expect(await (await fetch(`${server.url}/resources`)).text()).not.toContain("Reply Handling Playbook");
    expect((await fetch(`${server.url}/resources/reply-handling-playbook.pdf`)).status).toBe(404);

    const typed = typedCard;
    const published = await send(PAGE, { ...resourcesForm([typed]), intent: "publish", version: await versionOf() });
    expect(published.status).toBe(200);
    await expect
      .poll(async () => (await (await fetch(`${server.url}/resources`)).text()).includes("Reply Handling Playbook"), { timeout: 5000 })
      .toBe(true);
    const page = await (await fetch(`${server.url}/resources`)).text();
    // Its text is text: the description's "javascript:" is no link, and the page is served from the cache.
    expect(page).not.toMatch(/href="javascript:/i);
    expect(page).toContain("/forms/download?resource=reply-handling-playbook");

    // The gated form, as for the nine: the lead is stored and counted, then the file comes as an attachment.
    const form = await fetch(`${server.url}/forms/download?resource=reply-handling-playbook`);
    expect(form.status).toBe(200);
    const lead = await fetch(`${server.url}/forms/download?resource=reply-handling-playbook`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ website: "", name: "Dana Reader", email: "dana@example.com", resourceId: "reply-handling-playbook" }),
    });
    expect(lead.status).toBe(200);
    const file = await fetch(`${server.url}/resources/reply-handling-playbook.pdf?download`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="reply-handling-playbook.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    const downloads = await (
      await fetch(`${server.url}/console/leads`, { headers: { Cookie: await sessionCookie(server.url, SALES) } })
    ).text();
    expect(downloads).toContain("Dana Reader");

    // Published again (an edit of another card): still one draft issue for it.
    const again = await send(PAGE, {
      ...resourcesForm([typed]),
      "0.detail": "9 pages",
      intent: "publish",
      version: await versionOf(),
    });
    expect(again.status).toBe(200);
    const newsletter = await (
      await fetch(`${server.url}/console/newsletter`, { headers: { Cookie: await sessionCookie(server.url, EDITOR) } })
    ).text();
    expect(newsletter.match(/New free resource: Reply Handling Playbook/g)).toHaveLength(1);

    // A built resource cannot be removed, even by a forged form: the nine stay, and nothing changed.
    const forged = await send(PAGE, { ...resourcesForm([typed]), "0.remove": "on", intent: "publish", version: await versionOf() });
    expect(forged.status).toBe(200);
    expect(await (await fetch(`${server.url}/resources`)).text()).toContain(resources[0]!.title);
    // The uploaded one moves first, then is removed: off /resources, and its download form says it is no more.
    const moved = await send(PAGE, {
      ...resourcesForm([typed]),
      [`${resources.length}.position`]: "1",
      intent: "publish",
      version: await versionOf(),
    });
    expect(moved.status).toBe(200);
    const editor = await editorPage();
    expect(editor.indexOf("Reply Handling Playbook (reply-handling-playbook.pdf)")).toBeGreaterThan(-1);
    // The entries' legends, numbered; the publishing panel's own (Schedule) is not an entry.
    const legends = [...editor.matchAll(/<legend[^>]*>(\d+\..*?)<\/legend>/g)].map((match) => match[1]!.replace(/<!-- -->/g, ""));
    expect(legends[0]).toBe("1. Reply Handling Playbook (reply-handling-playbook.pdf)");
    expect(editor.match(/Remove this (<!-- -->)?resource/g)).toHaveLength(1);
    const removed = await send(PAGE, {
      ...formFor([typed, ...builtCards]),
      "0.remove": "on",
      intent: "publish",
      version: await versionOf(),
    });
    expect(removed.status).toBe(200);
    await expect
      .poll(async () => (await (await fetch(`${server.url}/resources`)).text()).includes("Reply Handling Playbook"), { timeout: 5000 })
      .toBe(false);
    expect((await fetch(`${server.url}/forms/download?resource=reply-handling-playbook`)).status).toBe(404);
    // Nor is its file served any more, though its bytes were kept in memory after the download above.
    expect((await fetch(`${server.url}/resources/reply-handling-playbook.pdf?download`)).status).toBe(404);
  });
});

describe("a resource on PostgreSQL, two instances", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;
  const FILE = "/resources/reply-handling-playbook.pdf";

  beforeAll(async () => {
    ({ pg, sql, a, b } = await startTwoInstances({ SECRET_KEY: "r".repeat(40) }, (databaseUrl) =>
      addOperators({ databaseUrl }, [{ email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" }]),
    ));
  }, 180_000);

  afterAll(() => stopTwoInstances({ pg, sql, a, b }));

  it("serves a file kept in memory while the database is away, and stops on the other instance when it is removed", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, PAGE);
    const pdf = await smallPdf("Kept through an outage.");
    expect((await send(PAGE, { ...card(), intent: "add-resource", version: await versionAt(a.url) }, pdfUpload(pdf))).status).toBe(200);
    expect((await send(PAGE, { ...resourcesForm([typedCard]), intent: "publish", version: await versionAt(a.url) })).status).toBe(200);
    // B hears of the change and serves the file from the shared database; it now holds the bytes.
    await expect.poll(async () => (await fetch(`${b.url}${FILE}`)).status, { timeout: 5000 }).toBe(200);

    await pg.stop();
    try {
      const kept = await fetch(`${b.url}${FILE}?download`);
      expect(kept.status).toBe(200);
      expect(Buffer.from(await kept.arrayBuffer()).equals(pdf)).toBe(true);
      // A never read the bytes: it says the file cannot be had now, not that it is gone, and logs no stack trace.
      const unread = await fetch(`${a.url}${FILE}`);
      expect(unread.status).toBe(503);
      expect(unread.headers.get("retry-after")).toBe("30");
      expect(await unread.text()).toBe("This file cannot be read right now. Please try again in a minute.\n");
      expect(a.output()).not.toMatch(/^\s+at /m);
    } finally {
      await pg.start();
    }

    const removed = await send(PAGE, {
      ...resourcesForm([typedCard]),
      [`${resources.length}.remove`]: "on",
      intent: "publish",
      version: await versionAt(a.url),
    });
    expect(removed.status).toBe(200);
    // On B too, though B still holds the bytes.
    await expect.poll(async () => (await fetch(`${b.url}${FILE}`)).status, { timeout: 5000 }).toBe(404);
    expect((await fetch(`${a.url}${FILE}`)).status).toBe(404);
  });
});

/** `npm run content:import -- DIR` as an operator runs it on the server's machine, against a PGlite data folder. */
function contentImport(dataDir: string, dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "content:import", "--", dir], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("content:import of a resource with its file", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-content-import-"));
  beforeAll(() => seedDataDir(dataDir));

  /** What an import may write: the files, the published content and its revisions, the audit lines, the drafts. */
  async function stored() {
    const handle = await openDatabase({ dataDir });
    try {
      const rows = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await handle.db.execute(query));
      return {
        files: await rows(sql`SELECT file, bytes FROM resource_uploads ORDER BY file`),
        content: await rows(sql`SELECT collection, version, published FROM site_content ORDER BY collection`),
        revisions: await rows(sql`SELECT count(*)::int AS n FROM site_content_revisions`),
        audit: await rows(sql`SELECT count(*)::int AS n FROM audit_log`),
        issues: await rows(sql`SELECT count(*)::int AS n FROM newsletter_issues`),
      };
    } finally {
      await handle.close();
    }
  }

  it("checks the whole import first: content that breaks a rule or a false file stores no file and no content, and says why", async () => {
    const pdf = await smallPdf("Brought in by content:import.");
    const entry = {
      id: "imported-playbook",
      title: "Imported Playbook",
      description: "A resource carried in by the file form.",
      category: "guides",
      icon: "compass",
      detail: "1 page",
      file: "imported-playbook.pdf",
      format: "PDF",
      bytes: pdf.length,
    };
    const faqWith = (answer: string) =>
      JSON.stringify(initialContent().faq.map((item, index) => (index === 0 ? { ...item, answer } : item)));
    /** An export's folder: the resources with the new one, its file, and the FAQ as `faq`. */
    const folder = (file: Buffer, faq: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), "replywise-content-files-"));
      mkdirSync(path.join(dir, "resource-files"));
      writeFileSync(path.join(dir, "resource-files", entry.file), file);
      writeFileSync(path.join(dir, "resources.json"), JSON.stringify([...initialContent().resources, entry]));
      writeFileSync(path.join(dir, "faq.json"), faq);
      return dir;
    };
    const fine = faqWith("Plans are listed on the pricing page.");
    const before = await stored();
    for (const [label, dir, problem] of [
      [
        "a FAQ answer that breaks a copy rule",
        folder(pdf, faqWith("Only $15 a month.")),
        'faq: 0.answer: price "$15" without two decimals',
      ],
      ["a PNG named as a PDF", folder(await smallPng(), fine), "is named as a PDF file, but its content is a PNG file"],
      ["a FAQ file that is not JSON", folder(pdf, "{"), "faq.json is not JSON"],
    ] as const) {
      const refused = await contentImport(dataDir, dir);
      expect(await stored(), label).toEqual(before);
      expect(refused.code, label).not.toBe(0);
      expect(refused.output, label).toContain(`Nothing was imported: `);
      expect(refused.output, label).toContain(problem);
    }

    // The same folder without the faulty answer: the file and every collection, in one go.
    const accepted = await contentImport(dataDir, folder(pdf, fine));
    expect(accepted.output).toContain("Published ");
    expect(accepted.code).toBe(0);
    const after = await stored();
    expect(after.files).toEqual([{ file: entry.file, bytes: pdf.length }]);
    const published = Object.fromEntries(after.content.map((row) => [row.collection, row.published]));
    expect((published.resources as { id: string }[]).map((resource) => resource.id)).toContain(entry.id);
    expect((published.faq as { answer: string }[])[0]!.answer).toBe("Plans are listed on the pricing page.");
  }, 120_000);
});
