import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../support/serve-build";
import type { TestDatabase } from "./support/postgres";
import { startTwoInstances, stopTwoInstances } from "./support/two-instances";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "./support/operators";

// The redirect manager as the built server applies it (docs/decisions/034), two instances on one PostgreSQL: a
// redirect saved through one instance's console is applied by both within 5 s, without a rebuild or a restart, and
// still while the database is away; its hits and the 404s are counted without an address, a few paths per visitor and
// at most the day's bound over both instances, and suggested by how many visitors asked. Every URL and action of it
// is refused to a visitor without a session, a forged or cross-site post and a `sales` account.

const EDITOR = "redirects.editor@example.com";
const SALES = "redirects.sales@example.com";
const EVIL = "https://evil.example";
const URLS = ["/inbox/redirects", "/inbox/redirects/1"];

describe("redirects on two instances of the built server", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    ({ pg, sql, a, b } = await startTwoInstances({ SECRET_KEY: "r".repeat(40) }, async (databaseUrl) => {
      await addOperators({ databaseUrl }, [
        { email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" },
        { email: SALES, password: OPERATOR_PASSWORD, role: "sales" },
      ]);
    }));
  }, 180_000);

  afterAll(() => stopTwoInstances({ pg, sql, a, b }));

  const follow = (server: RunningServer, path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

  it("applies a redirect saved on one instance on both within 5 s, counts its hits, and keeps it while the database is away", async () => {
    for (const server of [a, b]) expect((await follow(server, "/spring-offer")).status).toBe(404);
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/inbox/redirects");
    const saved = await send("/inbox/redirects", { intent: "add", source: "/spring-offer", target: "/pricing", status: "301" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/inbox/redirects?done=added");
    // The instance that saved it applies it before answering; the other follows on the NOTIFY.
    const started = Date.now();
    const answer = await follow(a, "/spring-offer/?utm_source=mail");
    expect([answer.status, answer.headers.get("location")]).toEqual([301, "/pricing?utm_source=mail"]);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    await expect
      .poll(async () => (await follow(b, "/spring-offer")).headers.get("location"), { timeout: 5000, interval: 100 })
      .toBe("/pricing");
    expect(Date.now() - started).toBeLessThan(5000);

    // Each hit (the poll's last, the two above) is written in a batch, off the request; the console shows the count.
    await follow(b, "/spring-offer");
    await expect
      .poll(async () => (await sql`SELECT hits::int, last_hit_at FROM redirects WHERE source = '/spring-offer'`)[0]?.hits, {
        timeout: 6000,
      })
      .toBe(3);
    const cookie = await sessionCookie(a.url, EDITOR);
    const page = await (await fetch(`${a.url}/inbox/redirects`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("/spring-offer");
    expect(page).toContain("3 hits");

    // A redirect onto a redirected path is rewritten to the final target; a loop is refused with its message beside
    // the field, and its own path too; a gone path answers 410.
    const chained = await send("/inbox/redirects", { intent: "add", source: "/pricing-2025", target: "/spring-offer", status: "301" });
    expect(chained.headers.get("location")).toBe("/inbox/redirects?done=added-rewritten");
    await expect.poll(async () => (await follow(b, "/pricing-2025")).headers.get("location"), { timeout: 5000 }).toBe("/pricing");
    expect((await send("/inbox/redirects", { intent: "add", source: "/summer-offer", target: "/summer", status: "302" })).status).toBe(303);
    const loop = await send("/inbox/redirects", { intent: "add", source: "/summer", target: "/summer-offer", status: "301" });
    expect(loop.status).toBe(422);
    const loopPage = await loop.text();
    expect(loopPage).toContain("This would make a loop: /summer → /summer-offer → /summer.");
    expect(loopPage).toMatch(/id="new-redirect-target-error"/);
    const [{ id }] = (await sql`SELECT id::int FROM redirects WHERE source = '/spring-offer'`) as unknown as [{ id: number }];
    const itself = await send(`/inbox/redirects/${id}`, {
      intent: "save",
      version: "1",
      source: "/spring-offer",
      target: "/spring-offer/",
      status: "301",
    });
    expect(itself.status).toBe(422);
    expect(await itself.text()).toContain("A redirect cannot lead to its own path.");
    expect((await send("/inbox/redirects", { intent: "add", source: "/old-webinar", target: "", status: "410" })).status).toBe(303);
    await expect.poll(async () => (await follow(b, "/old-webinar")).status, { timeout: 5000 }).toBe(410);
    const gone = await follow(a, "/old-webinar");
    expect(gone.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await gone.text()).toContain("This page is gone");

    await pg.stop();
    try {
      for (const server of [a, b]) expect((await follow(server, "/spring-offer")).headers.get("location")).toBe("/pricing");
    } finally {
      await pg.start();
    }
  });

  it("counts the 404s by path only, and suggests the most asked for with a link that fills in the form", async () => {
    for (let i = 0; i < 3; i++) await follow(a, "/zq-old-landing?ref=x");
    await follow(b, "/zq-old-landing/");
    await follow(b, "/zq-old-landing.data");
    await follow(a, "/zq-rare");
    await expect
      .poll(
        async () =>
          (await sql`SELECT path, hits::int FROM missing_paths WHERE path LIKE '/zq-%' ORDER BY hits DESC`).map((row) => ({ ...row })),
        {
          timeout: 6000,
        },
      )
      .toEqual([
        { path: "/zq-old-landing", hits: 5 },
        { path: "/zq-rare", hits: 1 },
      ]);
    const columns = await sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'missing_paths' ORDER BY 1`;
    expect(columns.map((row) => row.column_name)).toEqual(["day", "hits", "path", "visitors"]);
    const cookie = await sessionCookie(b.url, EDITOR);
    const page = await (await fetch(`${b.url}/inbox/redirects`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("5 requests");
    expect(page).toContain('href="/inbox/redirects?source=%2Fzq-old-landing"');
    const filled = await (await fetch(`${b.url}/inbox/redirects?source=%2Fzq-old-landing`, { headers: { Cookie: cookie } })).text();
    expect(filled).toMatch(/name="source"[^>]*value="\/zq-old-landing"|value="\/zq-old-landing"[^>]*name="source"/);
  });

  it("counts a visitor's first few missing paths, ranks them by visitors, and keeps a flood over both instances within the day's bound", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rowsLike = async (pattern: string) =>
      (await sql`SELECT count(*)::int AS n FROM missing_paths WHERE day = ${today}::date AND path LIKE ${pattern}`)[0]!.n as number;
    const browser = (name: string) => ({ "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0 ${name}` });
    const ask = (server: RunningServer, path: string, name: string) => fetch(`${server.url}${path}`, { headers: browser(name) });
    /** Requests a few at a time, as a scanner would. */
    const flood = async (requests: (() => Promise<Response>)[]) => {
      for (let start = 0; start < requests.length; start += 8) {
        const answers = await Promise.all(requests.slice(start, start + 8).map((request) => request()));
        for (const answer of answers) expect(answer.status).toBe(404);
      }
    };

    // One scanner, 150 paths: a few are kept.
    await flood(Array.from({ length: 150 }, (_, i) => () => ask(a, `/zs-scan-${i}`, "scanner")));
    await expect.poll(() => rowsLike("/zs-scan-%"), { timeout: 6000 }).toBe(5);

    // Three visitors once each rank above one visitor twenty times.
    for (const name of ["one", "two", "three"]) await ask(b, "/zs-popular", name);
    await flood(Array.from({ length: 20 }, () => () => ask(b, "/zs-repeated", "repeater")));
    await expect.poll(() => rowsLike("/zs-repeated"), { timeout: 6000 }).toBe(1);
    const cookie = await sessionCookie(b.url, EDITOR);
    const page = await (await fetch(`${b.url}/inbox/redirects`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("3 visitors, 3 requests");
    expect(page).toContain("1 visitor, 20 requests");
    expect(page.indexOf("/zs-popular")).toBeLessThan(page.indexOf("/zs-repeated"));

    // 1,200 new paths, five a visitor, half on each instance: the day keeps 1,000, and the paths it had keep counting.
    const requests = Array.from({ length: 1200 }, (_, i) => () => ask(i % 2 ? a : b, `/zs-flood-${i}`, `flood-${Math.floor(i / 10)}`));
    await flood(requests);
    await expect.poll(() => rowsLike("%"), { timeout: 10_000 }).toBe(1000);
    await ask(a, "/zs-popular", "four");
    await expect
      .poll(async () => (await sql`SELECT visitors FROM missing_paths WHERE day = ${today}::date AND path = '/zs-popular'`)[0]?.visitors, {
        timeout: 6000,
      })
      .toBe(4);
    expect(await rowsLike("%")).toBe(1000);
  }, 120_000);

  it("refuses every URL and action to a visitor without a session, a forged or cross-site post, and sales; nothing changes", async () => {
    const [{ id }] = (await sql`SELECT id::int FROM redirects ORDER BY id LIMIT 1`) as unknown as [{ id: number }];
    const urls = URLS.map((url) => url.replace("/1", `/${id}`));
    const before = async () => [
      await sql`SELECT source, target, status, version FROM redirects ORDER BY id`,
      await sql`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'redirect-%'`,
    ];
    const snapshot = await before();
    const actions: Record<string, string>[] = [
      { intent: "add", source: "/forged", target: "/pricing", status: "301" },
      { intent: "save", version: "1", source: "/forged-edit", target: "/pricing", status: "302" },
      { intent: "delete", version: "1" },
    ];
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string>) =>
      fetch(`${a.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields),
      });

    // Anonymous: sent to sign in (a data request: told so in its body), never the list.
    for (const url of urls) {
      for (const target of [url, `${url}.data`]) {
        const page = await follow(a, target);
        const body = await page.text();
        expect(body, target).not.toContain("/spring-offer");
        if (page.status === 202) expect(body).toContain("/inbox/sign-in");
        else expect([page.status, page.headers.get("location")], target).toEqual([302, expect.stringContaining("/inbox/sign-in")]);
        for (const fields of actions) {
          const answer = await post(target, fields, { Origin: a.url });
          expect([302, 303, 202, 401, 403], `anonymous POST ${target}`).toContain(answer.status);
          expect(await answer.text()).not.toContain("/spring-offer");
        }
      }
    }

    // Signed in, but forged: another site's origin, a cross-site fetch, no token, a wrong token.
    const editor = await sessionCookie(a.url, EDITOR);
    const html = await (await fetch(`${a.url}/inbox/redirects`, { headers: { Cookie: editor } })).text();
    const token = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const forgeries: [string, Record<string, string>, Record<string, string>][] = [
      ["another site's Origin", { Origin: EVIL }, { csrf: token }],
      ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site" }, { csrf: token }],
      ["no token", { Origin: a.url }, {}],
      ["a wrong token", { Origin: a.url }, { csrf: `${token.slice(0, -2)}xx` }],
    ];
    for (const url of urls) {
      for (const [label, headers, extra] of forgeries) {
        for (const fields of actions) {
          const answer = await post(url, { ...fields, ...extra }, { Cookie: editor, ...headers });
          expect(answer.status, `${label}: ${fields.intent} ${url}`).toBe(403);
        }
      }
    }

    // Sales, with its own valid session and token: 403 on every page and action.
    const sales = await sessionCookie(a.url, SALES);
    const salesToken = /name="csrf" value="([^"]+)"/.exec(
      await (await fetch(`${a.url}/inbox/account`, { headers: { Cookie: sales } })).text(),
    )![1]!;
    const account = await (await fetch(`${a.url}/inbox/account`, { headers: { Cookie: sales } })).text();
    expect(account).not.toContain('href="/inbox/redirects"');
    for (const url of urls) {
      for (const target of [url, `${url}.data`]) {
        const page = await fetch(`${a.url}${target}`, { redirect: "manual", headers: { Cookie: sales } });
        expect(page.status, `sales GET ${target}`).toBe(403);
        expect(await page.text()).not.toContain("/spring-offer");
        for (const fields of actions) {
          const answer = await post(target, { ...fields, csrf: salesToken }, { Cookie: sales, Origin: a.url });
          expect(answer.status, `sales ${fields.intent} ${target}`).toBe(403);
        }
      }
    }
    expect(await before()).toEqual(snapshot);
    expect((await follow(a, "/forged")).status).toBe(404);
  });
});
