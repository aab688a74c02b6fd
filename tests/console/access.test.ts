import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { getPage, named, one, texts, textOf } from "../support/server/page-document";
import { addOperators, OPERATOR_PASSWORD, sessionCookie } from "../support/server/operators";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// Who reaches the editor and who the leads, as the console answers each account, on both databases (the browser
// journeys run on one: docs/decisions/017). Signed out, /console/posts asks to sign in and returns there; an editor lands
// on its posts, sees no lead and is refused every lead page and the CSV; a sales account is refused the editor and the
// newsletter. tests/console/console-access.test.ts walks every route and method on PostgreSQL; this is what the pages say.

const ACCOUNTS = [
  { email: "editor@example.com", password: OPERATOR_PASSWORD, role: "editor" },
  { email: "sales@example.com", password: OPERATOR_PASSWORD, role: "sales" },
] as const;

const REFUSED = "This request was refused";

describe.each(["pglite", "postgres"] as const)("who reaches what, on %s", (database) => {
  let server: RunningServer;
  let pg: TestDatabase | undefined;
  let dataDir: string | undefined;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    if (database === "postgres") {
      pg = await createTestDatabase();
      await addOperators({ databaseUrl: pg.url }, [...ACCOUNTS]);
      server = await startServer({ DATABASE_URL: pg.url, SECRET_KEY: "s".repeat(40) });
    } else {
      // PGlite lets one process open its folder: the accounts first, then the server.
      dataDir = mkdtempSync(path.join(tmpdir(), "replywise-access-"));
      await addOperators({ dataDir }, [...ACCOUNTS]);
      server = await startServer({ DATA_DIR: dataDir, SECRET_KEY: "s".repeat(40) });
    }
    for (const account of ACCOUNTS) cookies[account.role] = await sessionCookie(server.url, account.email);
  });

  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (role: string, target: string) => getPage(server.url, target, { redirect: "manual", headers: { Cookie: cookies[role]! } });

  it("signed out, /blog-admin (the spec's way in) and /console/posts ask to sign in and return there once signed in", async () => {
    const old = await fetch(`${server.url}/blog-admin`, { redirect: "manual" });
    expect([old.status, old.headers.get("location")]).toEqual([301, "/console/posts"]);
    const direct = await fetch(`${server.url}/console/posts`, { redirect: "manual" });
    expect(direct.status).toBe(302);
    expect(direct.headers.get("location")).toBe("/console/sign-in?next=%2Fconsole%2Fposts");
    const signIn = await getPage(server.url, "/console/sign-in?next=%2Fconsole%2Fposts");
    expect(signIn.doc.querySelector('input[name="next"]')?.getAttribute("value")).toBe("/console/posts");
    const signedIn = await fetch(`${server.url}/console/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ACCOUNTS[0].email, password: ACCOUNTS[0].password, next: "/console/posts" }),
    });
    expect(signedIn.headers.get("location")).toBe("/console/posts");
  });

  it("answers every old /inbox and /blog-admin address with 301 to its place under /console, the query kept", async () => {
    const moved: [string, string][] = [
      ["/inbox", "/console/leads"],
      ["/inbox?type=contact&stage=new", "/console/leads?type=contact&stage=new"],
      ["/inbox/leads/contact/12?saved=note", "/console/leads/contact/12?saved=note"],
      ["/inbox/export?type=download", "/console/leads/export?type=download"],
      ["/inbox/board", "/console/board"],
      ["/inbox/sign-in?next=%2Finbox%2Faudit", "/console/sign-in?next=%2Finbox%2Faudit"],
      ["/inbox/newsletter/4", "/console/newsletter/4"],
      ["/inbox/redirects", "/console/redirects"],
      ["/inbox/roadmap/hubspot-crm-sync", "/console/roadmap/hubspot-crm-sync"],
      ["/inbox/reports?from=2026-11-01", "/console/reports?from=2026-11-01"],
      ["/blog-admin/new", "/console/posts/new"],
      ["/blog-admin/posts/3", "/console/posts/3"],
      ["/blog-admin/content/faq", "/console/content/faq"],
    ];
    for (const [old, now] of moved) {
      const answer = await fetch(`${server.url}${old}`, { redirect: "manual" });
      expect([answer.status, answer.headers.get("location")], old).toEqual([301, now]);
    }
    // A post to an old address (a form left open across the move) keeps its method and body: 308.
    const post = await fetch(`${server.url}/inbox/sign-out`, { method: "POST", redirect: "manual", headers: { Origin: server.url } });
    expect([post.status, post.headers.get("location")]).toEqual([308, "/console/sign-out"]);
    // An old link signs in and lands where it pointed: the sign-in page reads the old address as its new place.
    const signIn = await getPage(server.url, "/console/sign-in?next=%2Finbox%2Faudit");
    expect(signIn.doc.querySelector('input[name="next"]')?.getAttribute("value")).toBe("/console/audit");
  });

  it("an editor lands on its posts with no lead, count or lead page in reach; every lead page and the CSV are refused", async () => {
    expect(cookies.editor).not.toBe("");
    const front = await fetch(`${server.url}/console/leads`, { redirect: "manual", headers: { Cookie: cookies.editor! } });
    expect(front.status).toBe(302);
    expect(front.headers.get("location")).toBe("/console/posts");
    const posts = await as("editor", "/console/posts");
    expect(posts.response.status).toBe(200);
    expect(textOf(posts.doc.querySelector("h1"))).toBe("Posts");
    const menu = one(posts.doc, "nav", "Console");
    // The reports are an editor's too, without their lead tables (tests/console/console-access.test.ts).
    // Account is the menu's last entry on a phone; from md up it is the address beside Sign out (the browser tests).
    expect(texts(menu, "a")).toEqual(["Posts", "Site content", "Newsletter", "Redirects", "Reports", "Account"]);
    expect(named(posts.doc, "a[href]", "Leads")).toEqual([]);
    expect(named(posts.doc.querySelector("header")!, "a[href]", `Account: ${ACCOUNTS[0].email}`)[0]?.getAttribute("href")).toBe(
      "/console/account",
    );
    for (const target of ["/console/leads/contact/1", "/console/spam", "/console/outbox", "/console/requests", "/console/audit"]) {
      const refused = await as("editor", target);
      expect(refused.response.status, target).toBe(403);
      expect(textOf(refused.doc.querySelector("h1")), target).toBe(REFUSED);
      expect(textOf(refused.doc.querySelector("main")), target).toContain("This account (editor) cannot open this page.");
    }
    // The CSV of the leads is a file, refused as plain text.
    const csv = await fetch(`${server.url}/console/leads/export`, { headers: { Cookie: cookies.editor! } });
    expect(csv.status).toBe(403);
    expect(await csv.text()).toBe("This account (editor) cannot open this page.\n");
  });

  it("a sales account is refused the editor, sees no newsletter link and is refused its pages", async () => {
    expect(cookies.sales).not.toBe("");
    for (const target of ["/console/posts", "/console/posts/new", "/console/newsletter"]) {
      const refused = await as("sales", target);
      expect(refused.response.status, target).toBe(403);
      expect(textOf(refused.doc.querySelector("h1")), target).toBe(REFUSED);
      expect(textOf(refused.doc.querySelector("main")), target).toContain("This account (sales) cannot open this page.");
    }
    const leads = await as("sales", "/console/leads");
    expect(leads.response.status).toBe(200);
    expect(named(one(leads.doc, "nav", "Console"), "a[href]", "Newsletter")).toEqual([]);
  });
});
