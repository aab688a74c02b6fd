import type postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterConsentRecord } from "~/content/consent";
import type { RunningServer } from "../support/serve-build";
import type { TestDatabase } from "../support/server/postgres";
import { startTwoInstances, stopTwoInstances } from "../support/server/two-instances";
import { addOperators, coverUpload, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";

// The redirect manager as the built server applies it (docs/decisions/034), two instances on one PostgreSQL: a
// redirect saved through one instance's console is applied by both within 5 s, without a rebuild or a restart, and
// still while the database is away; its hits and the 404s are counted without an address, a few paths per visitor and
// at most the day's bound over both instances, and suggested by how many visitors asked. No redirect hides a page or
// hands a visit's token to another site: an address the site answers is refused as an old path, a page that goes live
// at a redirected address takes it, and only campaign tags go along. Targets are percent-encoded, and one on another
// name of the site is a path of it. Every URL and action of it is refused to a visitor without a session, a forged or
// cross-site post and a `sales` account.

const EDITOR = "redirects.editor@example.com";
const SALES = "redirects.sales@example.com";
const EVIL = "https://evil.example";
const URLS = ["/console/redirects", "/console/redirects/1"];

describe("redirects on two instances of the built server", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    // SITE_URL is the default, http://localhost:3000, whatever port each instance listens on.
    ({ pg, sql, a, b } = await startTwoInstances({ SECRET_KEY: "r".repeat(40), OUTBOX_POLL_SECONDS: "0.5" }, async (databaseUrl) => {
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
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/console/redirects");
    const saved = await send("/console/redirects", { intent: "add", source: "/spring-offer", target: "/pricing", status: "301" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/console/redirects?done=added");
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
    const page = await (await fetch(`${a.url}/console/redirects`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("/spring-offer");
    expect(page).toContain("3 hits");

    // A redirect onto a redirected path is rewritten to the final target; a loop is refused with its message beside
    // the field, and its own path too; a gone path answers 410.
    const chained = await send("/console/redirects", { intent: "add", source: "/pricing-2025", target: "/spring-offer", status: "301" });
    expect(chained.headers.get("location")).toBe("/console/redirects?done=added-rewritten");
    await expect.poll(async () => (await follow(b, "/pricing-2025")).headers.get("location"), { timeout: 5000 }).toBe("/pricing");
    expect((await send("/console/redirects", { intent: "add", source: "/summer-offer", target: "/summer", status: "302" })).status).toBe(
      303,
    );
    const loop = await send("/console/redirects", { intent: "add", source: "/summer", target: "/summer-offer", status: "301" });
    expect(loop.status).toBe(422);
    const loopPage = await loop.text();
    expect(loopPage).toContain("This would make a loop: /summer → /summer-offer → /summer.");
    expect(loopPage).toMatch(/id="new-redirect-target-error"/);
    const [{ id }] = (await sql`SELECT id::int FROM redirects WHERE source = '/spring-offer'`) as unknown as [{ id: number }];
    const itself = await send(`/console/redirects/${id}`, {
      intent: "save",
      version: "1",
      source: "/spring-offer",
      target: "/spring-offer/",
      status: "301",
    });
    expect(itself.status).toBe(422);
    expect(await itself.text()).toContain("A redirect cannot lead to its own path.");
    expect((await send("/console/redirects", { intent: "add", source: "/old-webinar", target: "", status: "410" })).status).toBe(303);
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
    const page = await (await fetch(`${b.url}/console/redirects`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("5 requests");
    expect(page).toContain('href="/console/redirects?source=%2Fzq-old-landing"');
    const filled = await (await fetch(`${b.url}/console/redirects?source=%2Fzq-old-landing`, { headers: { Cookie: cookie } })).text();
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
    // Until all twenty are written: the instance writes what it counted every 2 s, and under load the flood can
    // straddle one of those writes, so the row is there with its first few before the rest.
    const repeated = async () =>
      (await sql`SELECT hits, visitors FROM missing_paths WHERE day = ${today}::date AND path = '/zs-repeated'`).map((row) => ({ ...row }));
    await expect.poll(repeated, { timeout: 6000 }).toEqual([{ hits: 20, visitors: 1 }]);
    const cookie = await sessionCookie(b.url, EDITOR);
    const page = await (await fetch(`${b.url}/console/redirects`, { headers: { Cookie: cookie } })).text();
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

  it("refuses as an old path every address the site answers, in any spelling, and carries only campaign tags along", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/console/redirects");
    const count = async () => (await sql`SELECT count(*)::int AS n FROM redirects`)[0]!.n as number;
    const before = await count();
    // The signed links in e-mails, the forms, a page's data, React Router's own address, the routes with parameters,
    // the server's own addresses: each refused beside the field, nothing stored.
    const answered = [
      "/roadmap/vote/confirm",
      "/roadmap/withdraw",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/Roadmap/Withdraw/",
      "/roadmap/%77ithdraw",
      "/roadmap/vote/confirm.data",
      "/pricing.data",
      "/__manifest",
      "/forms/roadmap-vote",
      "/demo/booked",
      "/blog/page/2",
      "/blog/preview/a-token",
      "/bookings/reference",
      "/go/book",
      "/webhooks/bookings/cal",
      "/readyz",
    ];
    for (const source of answered) {
      const refused = await send("/console/redirects", { intent: "add", source, target: "https://evil.example/collect", status: "302" });
      expect(refused.status, source).toBe(422);
      expect(await refused.text(), source).toMatch(/is (?:a page|one of the server|React Router)[^<]*: a redirect would hide it/);
    }
    expect(await count()).toBe(before);

    // A redirect takes the visit's campaign tags along, never the rest of its query (a token, an address).
    const targets = { "/zq-partner-offer": "https://partner.example/offer", "/zq-old-vote": "/roadmap" };
    for (const [source, target] of Object.entries(targets)) {
      expect((await send("/console/redirects", { intent: "add", source, target, status: "302" })).status, source).toBe(303);
      const visit = await follow(a, `${source}?token=signed.token&utm_source=mail&utm_campaign=spring&gclid=abc&email=ada%40example.com`);
      expect([visit.status, visit.headers.get("location")], source).toEqual([
        302,
        `${target}?utm_source=mail&utm_campaign=spring&gclid=abc`,
      ]);
      expect((await follow(a, `${source}?token=signed.token`)).headers.get("location"), source).toBe(target);
    }
  });

  it("skips a stored redirect from an address the site answers, and percent-encodes every target: a visit is never a 500", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/console/redirects");
    const typed = {
      "/zq-accents": ["/pricing?x=é中", "/pricing?x=%C3%A9%E4%B8%AD"],
      "/zq-fragment": ["/pricing#中", "/pricing#%E4%B8%AD"],
      "/zq-abroad": ["https://partner.example/prix?é=中", "https://partner.example/prix?%C3%A9=%E4%B8%AD"],
    };
    for (const [source, [target, encoded]] of Object.entries(typed)) {
      expect((await send("/console/redirects", { intent: "add", source, target: target!, status: "301" })).status, source).toBe(303);
      expect((await sql`SELECT target FROM redirects WHERE source = ${source}`)[0]?.target, source).toBe(encoded);
    }
    // Rows stored before these rules: a raw target, and old paths the site answers (a signed link's page, a page's data).
    await sql`INSERT INTO redirects (source, target, status, updated_by) VALUES
      ('/zq-raw-target', '/pricing?x=é中#中', 301, ${EDITOR}),
      ('/roadmap/withdraw', 'https://evil.example/collect', 302, ${EDITOR}),
      ('/features.data', 'https://evil.example/collect', 302, ${EDITOR})`;
    await sql`SELECT pg_notify('redirects_changed', '')`;
    const encoded = {
      ...Object.fromEntries(Object.entries(typed).map(([source, [, url]]) => [source, url])),
      "/zq-raw-target": "/pricing?x=%C3%A9%E4%B8%AD#%E4%B8%AD",
    };
    for (const server of [a, b]) {
      for (const [source, location] of Object.entries(encoded)) {
        await expect
          .poll(
            async () => {
              const visit = await follow(server, source);
              return [visit.status, visit.headers.get("location")];
            },
            { timeout: 5000 },
          )
          .toEqual([301, location]);
      }
      for (const page of ["/roadmap/withdraw?token=signed.token", "/features.data"]) {
        const visit = await follow(server, page);
        expect([visit.status < 300 || visit.status >= 400, visit.headers.get("location")], page).toEqual([true, null]);
      }
      await expect
        .poll(() => server.output(), { timeout: 5000 })
        .toContain("The redirect from /roadmap/withdraw is not applied: the site answers it (a page of the site)");
    }
  });

  it("sees a loop through another name of the site: a target on a loopback name at the site's port is a path of it", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/console/redirects");
    const names = ["http://127.0.0.1:3000", "https://localhost:3000", "http://[::1]:3000", "http://www.localhost:3000"];
    for (const [i, name] of names.entries()) {
      const [from, to] = [`/zq-loop-${i}-a`, `/zq-loop-${i}-b`];
      expect((await send("/console/redirects", { intent: "add", source: from, target: `${name}${to}`, status: "301" })).status, name).toBe(
        303,
      );
      expect((await sql`SELECT target FROM redirects WHERE source = ${from}`)[0]?.target, name).toBe(to);
      const loop = await send("/console/redirects", { intent: "add", source: to, target: from, status: "301" });
      expect(loop.status, name).toBe(422);
      expect(await loop.text(), name).toContain(`This would make a loop: ${to} → ${from} → ${to}.`);
    }
  });

  it("a post or an issue that goes live at a redirected address takes it: the redirect is removed, audited, on both instances", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, "/console/redirects");
    const cover = coverUpload(
      await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2255aa" } })
        .png()
        .toBuffer(),
    );
    const fields = (slug: string) => ({
      title: `Released ${slug}`,
      slug,
      excerpt: "An excerpt.",
      content: "## A heading\n\nThe body.",
      author: "Ann Writer",
      category: "Tutorials",
      tags: "testing",
      coverAlt: "A blue rectangle",
    });
    const draft = async (slug: string) => {
      const created = await send("/console/posts/new", { ...fields(slug), intent: "save" }, cover);
      expect(created.status, slug).toBe(303);
      return created.headers.get("location")!.replace(/\?.*$/, "");
    };
    const versionOf = async (slug: string) => String((await sql`SELECT version FROM blog_posts WHERE slug = ${slug}`)[0]!.version);
    const [{ next }] = (await sql`SELECT coalesce(max(number), 0)::int + 1 AS next FROM newsletter_issues`) as unknown as [
      { next: number },
    ];
    const issue = `/newsletter/${next}`;
    // Saved while nothing was at these addresses: a 301, a 410, one a post will move to, one for a scheduled post, and
    // the archive's next issue.
    const redirected: [string, string][] = [
      ["/blog/zq-released-new", "301"],
      ["/blog/zq-released-gone", "410"],
      ["/blog/zq-released-moved", "301"],
      ["/blog/zq-released-scheduled", "302"],
      [issue, "301"],
    ];
    for (const [source, status] of redirected) {
      const saved = await send("/console/redirects", { intent: "add", source, target: status === "410" ? "" : "/pricing", status });
      expect(saved.status, source).toBe(303);
    }

    // Published, and published as a 410's address: the editor is told which redirect went.
    for (const [slug, was] of [
      ["zq-released-new", "to /pricing"],
      ["zq-released-gone", "gone, 410"],
    ]) {
      const published = await send(await draft(slug!), { ...fields(slug!), intent: "publish", version: await versionOf(slug!) });
      expect(published.status, slug).toBe(200);
      expect(await published.text(), slug).toContain(`Post published. The redirect from /blog/${slug} (${was}) was removed`);
    }
    // A live post moved to a redirected address.
    const moving = await draft("zq-released-before");
    expect(
      (await send(moving, { ...fields("zq-released-before"), intent: "publish", version: await versionOf("zq-released-before") })).status,
    ).toBe(200);
    const moved = await send(moving, { ...fields("zq-released-moved"), intent: "save", version: await versionOf("zq-released-before") });
    expect(await moved.text()).toContain(
      "Post updated: the change is live. The redirect from /blog/zq-released-moved (to /pricing) was removed",
    );
    // A scheduled post, published by the job.
    // In UTC, the server's schedulers' zone (decision 046), seconds and all.
    const at = new Date(Date.now() + 2000).toISOString().slice(0, 19);
    const scheduled = await send(await draft("zq-released-scheduled"), {
      ...fields("zq-released-scheduled"),
      intent: "schedule",
      publishAtLocal: at,
      version: await versionOf("zq-released-scheduled"),
    });
    expect(await scheduled.text()).toContain("Scheduled for");
    // The archive's next issue, sent to a subscriber whose consent covers posts.
    await sql`INSERT INTO newsletter_subscribers (email, source, status, consent_text)
      VALUES ('zq.reader@example.com', '/blog', 'confirmed', ${newsletterConsentRecord})`;
    const [draftIssue] =
      await sql`SELECT id::int, version FROM newsletter_issues WHERE status = 'draft' AND topic = 'post' ORDER BY id LIMIT 1`;
    const sent = await send(`/console/newsletter/${draftIssue!.id}`, {
      intent: "send",
      version: String(draftIssue!.version),
      confirm: "yes",
    });
    expect([sent.status, sent.headers.get("location")]).toEqual([303, `/console/newsletter/${draftIssue!.id}?done=sent-released`]);
    const cookie = await sessionCookie(a.url, EDITOR);
    const issuePage = await (await fetch(`${a.url}${sent.headers.get("location")}`, { headers: { Cookie: cookie } })).text();
    expect(issuePage).toContain(`The redirect from ${issue} was removed`);

    const pages = ["/blog/zq-released-new", "/blog/zq-released-gone", "/blog/zq-released-moved", "/blog/zq-released-scheduled", issue];
    for (const server of [a, b]) {
      for (const page of pages) await expect.poll(async () => (await follow(server, page)).status, { timeout: 15_000 }).toBe(200);
    }
    expect(await sql`SELECT source FROM redirects WHERE source = ANY(${pages})`).toEqual([]);
    const audit = await sql`SELECT actor, detail->>'source' AS source, detail->>'replacedBy' AS page FROM audit_log
      WHERE action = 'redirect-deleted' AND detail ? 'replacedBy' ORDER BY detail->>'source'`;
    expect(audit.map((row) => ({ ...row }))).toEqual(
      [
        { actor: EDITOR, source: "/blog/zq-released-gone", page: "post" },
        { actor: EDITOR, source: "/blog/zq-released-moved", page: "post" },
        { actor: EDITOR, source: "/blog/zq-released-new", page: "post" },
        { actor: "system", source: "/blog/zq-released-scheduled", page: "post" },
        { actor: EDITOR, source: issue, page: "issue" },
      ].sort((x, y) => (x.source < y.source ? -1 : 1)),
    );
    // And a live post's or an archived issue's address is refused as an old path.
    for (const source of ["/blog/zq-released-new", issue]) {
      const refused = await send("/console/redirects", { intent: "add", source, target: "/pricing", status: "301" });
      expect([refused.status, await refused.text()], source).toEqual([422, expect.stringContaining("a redirect would hide it")]);
    }
  });

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
        if (page.status === 202) expect(body).toContain("/console/sign-in");
        else expect([page.status, page.headers.get("location")], target).toEqual([302, expect.stringContaining("/console/sign-in")]);
        for (const fields of actions) {
          const answer = await post(target, fields, { Origin: a.url });
          expect([302, 303, 202, 401, 403], `anonymous POST ${target}`).toContain(answer.status);
          expect(await answer.text()).not.toContain("/spring-offer");
        }
      }
    }

    // Signed in, but forged: another site's origin, a cross-site fetch, no token, a wrong token.
    const editor = await sessionCookie(a.url, EDITOR);
    const html = await (await fetch(`${a.url}/console/redirects`, { headers: { Cookie: editor } })).text();
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
      await (await fetch(`${a.url}/console/account`, { headers: { Cookie: sales } })).text(),
    )![1]!;
    const account = await (await fetch(`${a.url}/console/account`, { headers: { Cookie: sales } })).text();
    expect(account).not.toContain('href="/console/redirects"');
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
