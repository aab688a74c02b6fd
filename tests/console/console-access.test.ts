import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_TABLE_IDS, REPORT_TABLE_IDS } from "~/features/analytics/index.server";
import type { Role } from "~/lib/console/roles";
import { COLLECTION_NAMES } from "~/features/site-content";
import routes from "~/routes";
import { startServer, type RunningServer } from "../support/serve-build";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { operatorCommand as runOperatorCommand } from "../support/server/operator-command";
import { addOperators } from "../support/server/operators";
import { raw } from "../support/server/raw-http";

// Every operator URL and action, read from the route table (app/routes.ts), so a new console route is checked without
// being listed here. Each must answer an anonymous request, an expired session and a forged cross-site post with a
// redirect to sign-in or a 401/403, never data. Against the built server (npm run build), on PostgreSQL, which the
// test reads and writes beside the server. Also: the session cookie's flags, the failed sign-ins' limits, and no lead
// content or password in the server's log.

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

interface OperatorRoute {
  pattern: string;
  file: string;
  /** Behind the console layout's guard: everything but the sign-in page. */
  guarded: boolean;
}

function operatorRoutes(entries: RouteEntry[], parent = "", guarded = false): OperatorRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}` : parent;
    const underGuard = guarded || entry.file === "routes/console-layout.tsx" || entry.file === "routes/console-editor-layout.tsx";
    const own = entry.index || (entry.path && !entry.children) ? [{ pattern: pattern || "/", file: entry.file, guarded: underGuard }] : [];
    return [...own, ...operatorRoutes(entry.children ?? [], pattern, underGuard)];
  });
}

// The console: one sign-in, one guard, two layouts (the areas and the editors).
const CONSOLE_ROUTES = operatorRoutes((routes as RouteEntry[]).filter((entry) => entry.path === "console"));
const GUARDED = CONSOLE_ROUTES.filter((route) => route.guarded);

const MARKER = "ZQXMARKER";
const PASSWORD = `${MARKER}-operator-password`;
const EVIL = "https://evil.example";

/**
 * The other spellings of a path that reach the same route, or none: upper and mixed case, a trailing slash, doubled
 * slashes, and each segment's first letter percent-encoded.
 */
function spellingsOf(url: string): string[] {
  const mixed = [...url].map((char, index) => (index % 2 ? char.toUpperCase() : char)).join("");
  const encoded = url.replace(/\/([a-z])/g, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
  return [url.toUpperCase(), mixed, `${url}/`, `/${url}`, url.replace(/\/(?=[^/]*$)/, "//"), encoded];
}

const cookieOf = (response: Response) => (response.headers.get("set-cookie") ?? "").split(";")[0]!;

/** The server's sign-in limits: failures per account from one client, per client, and the window in minutes. */
const SIGN_IN = { perAccount: 4, perAddress: 10, windowMinutes: 20 };

describe("the operator area's access control", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  let sql: postgres.Sql;
  let leadId: number;
  const urls: string[] = [];

  const signIn = async (password = PASSWORD, email = "ops@example.com") =>
    fetch(`${server.url}/console/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, next: "/console/leads" }),
    });

  /** The session's anti-forgery token, as its pages carry it. */
  const tokenOf = async (cookie: string) => {
    const html = await (await fetch(`${server.url}/console/account`, { headers: { Cookie: cookie } })).text();
    return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  };

  // The command line as a deployment runs it, where its own behaviour is tested; the other accounts in-process.
  const operatorCommand = (...args: string[]) => runOperatorCommand(pg.url, PASSWORD, ...args);
  const addAccount = (email: string, role: Role) => addOperators({ databaseUrl: pg.url }, [{ email, password: PASSWORD, role }]);

  beforeAll(async () => {
    pg = await createTestDatabase();
    server = await startServer({
      DATABASE_URL: pg.url,
      SECRET_KEY: "s".repeat(40),
      // Clients are told apart by X-Forwarded-For, as behind a load balancer; the sign-in limits are not the defaults.
      TRUST_PROXY: "loopback",
      SIGN_IN_MAX_FAILURES: String(SIGN_IN.perAccount),
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(SIGN_IN.perAddress),
      SIGN_IN_WINDOW_MINUTES: String(SIGN_IN.windowMinutes),
    });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    await addAccount("ops@example.com", "admin");
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ website: "", ...fields }),
      });
    expect(
      (await post("/forms/contact", { name: `${MARKER} Name`, email: "marker.lead@example.com", message: `${MARKER} message` })).status,
    ).toBe(200);
    expect((await post("/forms/newsletter", { email: `${MARKER.toLowerCase()}@example.com`, source: "/" })).status).toBe(200);
    const [lead] = await sql<{ id: number }[]>`SELECT id::int FROM contact_requests WHERE email = 'marker.lead@example.com'`;
    leadId = lead!.id;
    for (const route of GUARDED)
      urls.push(
        route.pattern
          .replace(":kind", "contact")
          .replace(":id", String(leadId))
          .replace(":collection", "faq")
          .replace(":item", "hubspot-crm-sync"),
      );
  }, 180_000);

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("reads every console route from the route table", () => {
    expect(CONSOLE_ROUTES.map((route) => route.pattern)).toContain("/console/sign-in");
    expect(GUARDED.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        "/console/leads",
        "/console/leads/:kind/:id",
        "/console/board",
        "/console/leads/export",
        "/console/requests",
        "/console/sign-out",
        "/console/audit",
        "/console/posts",
        "/console/posts/new",
        "/console/posts/:id",
        "/console/content",
        "/console/content/:collection",
        "/console/newsletter",
        "/console/roadmap",
        "/console/roadmap/:item",
        "/console/newsletter/:id",
        "/console/redirects",
        "/console/redirects/:id",
      ]),
    );
    expect(CONSOLE_ROUTES.filter((route) => !route.guarded).map((route) => route.pattern)).toEqual(["/console/sign-in"]);
  });

  it("is linked from no public page, sitemap or feed, and asks search engines to stay away", async () => {
    for (const path of ["/", "/sitemap", "/sitemap.xml", "/robots.txt", "/blog/rss.xml", "/login", "/contact", "/blog"]) {
      const text = await (await fetch(`${server.url}${path}`)).text();
      expect(text, path).not.toContain("/console/leads");
      expect(text, path).not.toContain("/console/posts");
    }
    const signInPage = await fetch(`${server.url}/console/sign-in`);
    expect(signInPage.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(signInPage.headers.get("cache-control")).toBe("no-store");
    const html = await signInPage.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // Rendered by the server and never hydrated: no script of the app's, only the frame's inline one.
    expect(html).not.toMatch(/<script[^>]+type="module"|modulepreload|x-deferred-module/);
  });

  /** Every way to reach each guarded URL: the page, its data request, and a post to each. */
  const requestsFor = (url: string) => [
    { method: "GET", url },
    { method: "GET", url: `${url === "/console/leads" ? "/console/leads" : url}.data` },
    { method: "POST", url },
    { method: "POST", url: `${url}.data` },
  ];

  /** A refusal: a redirect to sign in, or 401/403 (a data request's redirect is a 202 that names the sign-in page). */
  async function expectRefused(response: Response, label: string) {
    const body = await response.text();
    expect(body, label).not.toContain(MARKER);
    expect(body, label).not.toContain("marker.lead@example.com");
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      expect(response.headers.get("location"), label).toMatch(/^(https?:\/\/[^/]+)?\/console\/sign-in/);
    } else if (response.status === 202) {
      // React Router's single fetch encodes the redirect in the body.
      expect(body, label).toMatch(/"redirect","\/console\/sign-in/);
    } else {
      expect([401, 403], label).toContain(response.status);
    }
    return body;
  }

  it("sends an anonymous request to sign in, for every URL and method, and shows it nothing", async () => {
    for (const url of urls) {
      for (const request of requestsFor(url)) {
        const response = await fetch(`${server.url}${request.url}`, {
          method: request.method,
          redirect: "manual",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body:
            request.method === "POST"
              ? `note=overwritten&intent=move&from=new&stage=won&kind=contact&id=${leadId}&email=marker.lead%40example.com`
              : undefined,
        });
        await expectRefused(response, `anonymous ${request.method} ${request.url}`);
      }
    }
    const [lead] = await sql`SELECT stage, notes FROM contact_requests WHERE id = ${leadId}`;
    expect(lead).toEqual({ stage: "new", notes: [] });
  });

  it("treats an expired session as none, with a note on the sign-in page", async () => {
    const cookie = cookieOf(await signIn());
    const token = await tokenOf(cookie);
    expect(token).not.toBe("");
    await sql`UPDATE operator_sessions SET last_seen_at = now() - interval '2 hours'`;
    for (const url of urls) {
      for (const request of requestsFor(url)) {
        const response = await fetch(`${server.url}${request.url}`, {
          method: request.method,
          redirect: "manual",
          headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body:
            request.method === "POST"
              ? new URLSearchParams({ csrf: token, intent: "move", from: "new", stage: "won", kind: "contact", id: String(leadId) })
              : undefined,
        });
        await expectRefused(response, `expired ${request.method} ${request.url}`);
        if (request.method === "GET" && !request.url.endsWith(".data"))
          expect(response.headers.get("location")).toContain("reason=expired");
      }
    }
    expect(await sql`SELECT 1 FROM operator_sessions`).toHaveLength(0);
  });

  it("refuses a forged post (another site's origin, no token, a wrong token) with 403 even with a live session", async () => {
    const cookie = cookieOf(await signIn());
    const token = await tokenOf(cookie);
    const auditBefore = await sql`SELECT count(*)::int AS n FROM audit_log`;
    const forgeries: [string, Record<string, string>, Record<string, string>][] = [
      ["another site's Origin", { Origin: EVIL }, { csrf: token }],
      ["a cross-site fetch without Origin", { "Sec-Fetch-Site": "cross-site" }, { csrf: token }],
      ["neither Origin nor Sec-Fetch-Site", {}, { csrf: token }],
      ["no token", { Origin: server.url }, {}],
      ["another session's token", { Origin: server.url }, { csrf: `${token.slice(0, -2)}xx` }],
    ];
    for (const url of urls) {
      for (const [label, headers, fields] of forgeries) {
        for (const target of [url, `${url}.data`]) {
          const response = await fetch(`${server.url}${target}`, {
            method: "POST",
            redirect: "manual",
            headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
            body: new URLSearchParams({
              ...fields,
              intent: "move",
              from: "new",
              stage: "won",
              kind: "contact",
              id: String(leadId),
              scope: "everywhere",
              email: "marker.lead@example.com",
            }),
          });
          const what = `${label}: POST ${target}`;
          expect(response.status, what).toBe(403);
          expect(await response.text(), what).not.toContain(MARKER);
        }
      }
    }
    // Nothing changed: the lead, the session (no forged sign-out), the audit log (no forged export).
    expect(await sql`SELECT stage FROM contact_requests WHERE id = ${leadId}`).toEqual([{ stage: "new" }]);
    expect(await sql`SELECT count(*)::int AS n FROM operator_sessions`).toEqual([{ n: 1 }]);
    expect(await sql`SELECT count(*)::int AS n FROM audit_log`).toEqual(auditBefore);
    // A sign-in another site makes a browser send is refused too.
    const forgedSignIn = await fetch(`${server.url}/console/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ops@example.com", password: PASSWORD }),
    });
    expect(forgedSignIn.status).toBe(403);
    expect(forgedSignIn.headers.get("set-cookie")).toBeNull();
  });

  it("lets the owner sign in from their own address whatever a stranger tries, slows the stranger more each time, and answers an unknown account alike", async () => {
    const WRONG = "The email address or password is incorrect.";
    const tooMany = (wait: string) => `Too many failed sign-ins. Please wait ${wait} and try again.`;
    /** A sign-in posted from a client address, read as the visitor sees it: its status, its message, its Retry-After. */
    const tryFrom = async (address: string, email: string, password: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/console/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
        body: new URLSearchParams({ email, password, next: "/console/leads" }),
      });
      const text = await response.text();
      return {
        status: response.status,
        message: /The email address or password is incorrect\.|Too many failed sign-ins\.[^<]*/.exec(text)?.[0] ?? null,
        retryAfter: Number(response.headers.get("retry-after") ?? 0),
        ms: performance.now() - started,
      };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const windowSeconds = SIGN_IN.windowMinutes * 60;

    // A stranger guesses the admin's password from one address, a prober an unknown account from another: the same
    // answers, try for try. Past the limit even the right password waits, told how long at once, not held.
    const stranger = "198.51.100.66";
    const prober = "198.51.100.67";
    const firstWait = windowSeconds / SIGN_IN.perAccount;
    const same = (known: Awaited<ReturnType<typeof tryFrom>>, unknown: Awaited<ReturnType<typeof tryFrom>>) => {
      expect({ status: unknown.status, message: unknown.message }).toEqual({ status: known.status, message: known.message });
      expect(Math.abs(unknown.retryAfter - known.retryAfter)).toBeLessThanOrEqual(1);
    };
    for (let i = 0; i < SIGN_IN.perAccount; i++) {
      const known = await tryFrom(stranger, "ops@example.com", `guess ${i}`);
      same(known, await tryFrom(prober, "nobody@example.com", `guess ${i}`));
      expect(known).toMatchObject({ status: 401, message: WRONG });
    }
    // The owner, from their own address, signs in at once.
    expect((await tryFrom("203.0.113.10", "ops@example.com", PASSWORD)).status).toBe(303);
    const waits = await tryFrom(stranger, "ops@example.com", PASSWORD);
    same(waits, await tryFrom(prober, "nobody@example.com", PASSWORD));
    expect(waits).toMatchObject({ status: 429, message: tooMany(`${firstWait / 60} minutes`) });
    expect(waits.retryAfter).toBeGreaterThan(firstWait - 3);
    expect(waits.retryAfter).toBeLessThanOrEqual(firstWait);
    expect(waits.ms).toBeLessThan(5_000);

    // Once the wait is over (the stored failures moved back by it), one more try is checked, and the next waits longer
    // (twice as long, unless the failures slide below the limit sooner: app/lib/console/throttle.server.db.test.ts).
    await sql`UPDATE rate_limit_hits SET last_hit_at = last_hit_at - make_interval(secs => ${firstWait}) WHERE bucket LIKE 'sign-in:%'`;
    const checked = await tryFrom(stranger, "ops@example.com", "guess again");
    same(checked, await tryFrom(prober, "nobody@example.com", "guess again"));
    expect(checked).toMatchObject({ status: 401, message: WRONG });
    const longer = await tryFrom(stranger, "ops@example.com", PASSWORD);
    same(longer, await tryFrom(prober, "nobody@example.com", PASSWORD));
    expect(longer.status).toBe(429);
    expect(longer.retryAfter).toBeGreaterThan(firstWait);
    expect(longer.message).toBe(tooMany(`${Math.ceil(longer.retryAfter / 60)} minutes`));

    // Per client too: the stranger's next accounts add up to the client's limit, and then every account waits from
    // that address, a tenth of the window first; the owner still signs in from theirs.
    for (let i = SIGN_IN.perAccount + 1; i < SIGN_IN.perAddress; i++)
      expect((await tryFrom(stranger, `staff${i}@example.com`, "guess")).status).toBe(401);
    const perClient = await tryFrom(stranger, "sales-lead@example.com", "guess");
    expect(perClient).toMatchObject({ status: 429, message: tooMany(`${windowSeconds / SIGN_IN.perAddress / 60} minutes`) });
    expect((await tryFrom("203.0.113.10", "ops@example.com", PASSWORD)).status).toBe(303);
    // Nothing of this holds the owner's account: a sign-in from the server's own address as well.
    expect((await signIn()).status).toBe(303);

    // A wrong password takes as long for an account that exists as for one that does not (a decoy hash is checked).
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 7; i++) {
      timings.known.push((await tryFrom(`192.0.2.${100 + i}`, "ops@example.com", `wrong ${i}`)).ms);
      timings.unknown.push((await tryFrom(`192.0.2.${120 + i}`, "nobody@example.com", `wrong ${i}`)).ms);
    }
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.known) / 3);
    expect(median(timings.known)).toBeGreaterThan(median(timings.unknown) / 3);
  });

  it("serves the same URLs to the signed-in operator (the refusals above are the guard's, not broken pages)", async () => {
    const cookie = cookieOf(await signIn());
    const page = await fetch(`${server.url}/console/leads`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${MARKER} Name`);
    const lead = await fetch(`${server.url}/console/leads/contact/${leadId}`, { headers: { Cookie: cookie } });
    expect(await lead.text()).toContain(`${MARKER} message`);
    for (const missing of ["/console/leads/contact/999999", "/console/leads/visitor/1", "/console/leads/contact/x"]) {
      const response = await fetch(`${server.url}${missing}`, { headers: { Cookie: cookie } });
      expect(response.status, missing).toBe(404);
      expect(await response.text(), missing).toContain("This lead, post or page does not exist.");
    }
    const token = await tokenOf(cookie);
    const postAs = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: token, ...fields }),
      });
    const moved = await postAs(`/console/leads/contact/${leadId}`, { intent: "move", from: "new", stage: "contacted" });
    expect(moved.status).toBe(303);
    expect(await sql`SELECT stage, stage_by FROM contact_requests WHERE id = ${leadId}`).toEqual([
      { stage: "contacted", stage_by: "ops@example.com" },
    ]);
    // The board shows the lead in its column, and its card's form moves it, back to the board at that card.
    const board = await (await fetch(`${server.url}/console/board?owner=nobody`, { headers: { Cookie: cookie } })).text();
    expect(board).toContain(`${MARKER} Name`);
    expect(board).toContain(`id="card-contact-${leadId}"`);
    const fromBoard = await postAs("/console/board?owner=nobody", {
      intent: "move",
      kind: "contact",
      id: String(leadId),
      from: "contacted",
      stage: "qualified",
    });
    expect(fromBoard.status).toBe(303);
    expect(fromBoard.headers.get("location")).toBe(`/console/board?owner=nobody&moved=contact-${leadId}#card-contact-${leadId}`);
    // A second operator's board still showed "contacted": refused, saying who moved it, and nothing changes.
    const stale = await postAs("/console/board", { intent: "move", kind: "contact", id: String(leadId), from: "contacted", stage: "lost" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("ops@example.com moved this lead to Qualified meanwhile");
    expect(await sql`SELECT stage FROM contact_requests WHERE id = ${leadId}`).toEqual([{ stage: "qualified" }]);
    expect(await sql`SELECT detail->>'stage' AS stage FROM audit_log WHERE action = 'lead-stage' ORDER BY id`).toEqual([
      { stage: "contacted" },
      { stage: "qualified" },
    ]);
    // Owner, follow-up and a note from the lead's page; the board refuses what it does not do.
    const [ops] = await sql<{ id: number }[]>`SELECT id::int FROM operators WHERE email = 'ops@example.com'`;
    expect(
      (await postAs(`/console/leads/contact/${leadId}`, { intent: "owner", "expected-owner": "", owner: String(ops!.id) })).status,
    ).toBe(303);
    expect((await postAs(`/console/leads/contact/${leadId}`, { intent: "note", note: `${MARKER} note <b>bold</b>` })).status).toBe(303);
    const leadPage = await (await fetch(`${server.url}/console/leads/contact/${leadId}`, { headers: { Cookie: cookie } })).text();
    expect(leadPage).toContain(`${MARKER} note &lt;b&gt;bold&lt;/b&gt;`);
    expect(leadPage).toContain("ops@example.com works this lead.");
    expect((await postAs("/console/board", { intent: "note", kind: "contact", id: String(leadId), note: "x" })).status).toBe(400);
    // Back to where the other tests expect it.
    await sql`UPDATE contact_requests SET stage = 'new', stage_by = NULL, stage_at = NULL, owner_id = NULL, notes = '[]' WHERE id = ${leadId}`;
  });

  it("refuses each account what its role does not reach, with 403 and nothing of the leads, and reads the role on every request", async () => {
    await expect(operatorCommand("add", "nobody@example.com")).rejects.toThrow();
    expect(await operatorCommand("add", "editor@example.com", "--role", "editor")).toContain("(editor)");
    await addAccount("sales@example.com", "sales");
    expect(await operatorCommand("list")).toMatch(/editor@example\.com {2}editor/);

    const editor = cookieOf(await signIn(PASSWORD, "editor@example.com"));
    const editorToken = await tokenOf(editor);
    expect(editorToken).not.toBe("");
    const account = await (await fetch(`${server.url}/console/account`, { headers: { Cookie: editor } })).text();
    expect(account).not.toContain(`href="/console/outbox"`);
    expect(account).not.toContain(`href="/console/audit"`);
    expect(account).not.toMatch(/\d+ new/);
    // The console's own address and the leads list send an editor to its own start page; every other lead URL is a 403.
    for (const first of ["/console", "/console/leads"]) {
      const front = await fetch(`${server.url}${first}`, { redirect: "manual", headers: { Cookie: editor } });
      expect([front.status, front.headers.get("location")], first).toEqual([302, "/console/posts"]);
    }
    // The reports are the editor's too, without their lead tables (the experiments' without their lead figures, decision
    // 048): their own tests.
    const editorMay = [
      "/console/account",
      "/console/sign-out",
      "/console/reports",
      "/console/reports/export",
      ...urls.filter((url) =>
        ["/console/posts", "/console/content", "/console/pages", "/console/experiments", "/console/newsletter", "/console/redirects"].some(
          (area) => url.startsWith(area),
        ),
      ),
    ];
    const auditBefore = await sql`SELECT count(*)::int AS n FROM audit_log WHERE action <> 'sign-in'`;
    const leadBefore = await sql`SELECT stage, owner_id, follow_up_on, notes FROM contact_requests WHERE id = ${leadId}`;
    for (const url of urls.filter((url) => !editorMay.includes(url) && url !== "/console" && url !== "/console/leads")) {
      for (const request of requestsFor(url)) {
        const response = await fetch(`${server.url}${request.url}`, {
          method: request.method,
          redirect: "manual",
          headers: { Cookie: editor, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body:
            request.method === "POST" && url.startsWith("/console/roadmap/")
              ? new URLSearchParams({ csrf: editorToken, intent: "merge", from: "chat-tool-integration", confirm: "yes" })
              : request.method === "POST"
                ? new URLSearchParams({
                    csrf: editorToken,
                    intent: url.endsWith("/board") ? "move" : "note",
                    note: "overwritten",
                    kind: "contact",
                    id: String(leadId),
                    from: "new",
                    stage: "won",
                    email: "marker.lead@example.com",
                  })
                : undefined,
        });
        const what = `editor ${request.method} ${request.url}`;
        expect(response.status, what).toBe(403);
        const body = await response.text();
        expect(body, what).not.toContain(MARKER);
        expect(body, what).not.toContain("marker.lead@example.com");
      }
    }
    expect(await sql`SELECT stage, owner_id, follow_up_on, notes FROM contact_requests WHERE id = ${leadId}`).toEqual(leadBefore);
    // No roadmap item was merged (decision 036).
    expect(await sql`SELECT count(*)::int AS n FROM roadmap_item_merges`).toEqual([{ n: 0 }]);
    // No export, lookup or erasure was recorded: nothing was done.
    expect(await sql`SELECT count(*)::int AS n FROM audit_log WHERE action <> 'sign-in'`).toEqual(auditBefore);

    // Sales reaches the leads but not the audit log.
    const sales = cookieOf(await signIn(PASSWORD, "sales@example.com"));
    expect(await (await fetch(`${server.url}/console/leads`, { headers: { Cookie: sales } })).text()).toContain(`${MARKER} Name`);
    expect(await (await fetch(`${server.url}/console/board`, { headers: { Cookie: sales } })).text()).toContain(`${MARKER} Name`);
    const audit = await fetch(`${server.url}/console/audit`, { redirect: "manual", headers: { Cookie: sales } });
    expect(audit.status).toBe(403);
    expect(await audit.text()).not.toContain("editor@example.com");
    // ...nor the blog editor: every page and post of it is a 403 that shows nothing, and changes nothing.
    const salesToken = await tokenOf(sales);
    const postsBefore = await sql`SELECT count(*)::int AS n, max(version) AS v FROM blog_posts`;
    const contentBefore = await sql`SELECT collection, version, published FROM site_content ORDER BY collection`;
    for (const url of urls.filter((url) => url.startsWith("/console/posts") || url.startsWith("/console/content"))) {
      for (const request of requestsFor(url)) {
        const response = await fetch(`${server.url}${request.url}`, {
          method: request.method,
          redirect: "manual",
          headers: { Cookie: sales, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: request.method === "POST" ? new URLSearchParams({ csrf: salesToken, intent: "publish", title: "Sales post" }) : undefined,
        });
        expect(response.status, `sales ${request.method} ${request.url}`).toBe(403);
        expect(await response.text()).not.toContain("Sales post");
      }
    }
    expect(await sql`SELECT count(*)::int AS n, max(version) AS v FROM blog_posts`).toEqual(postsBefore);
    // ...nor the site's content (statistics, FAQ, roadmap, plans): nothing published, nothing saved.
    expect(await sql`SELECT collection, version, published FROM site_content ORDER BY collection`).toEqual(contentBefore);
    expect(contentBefore).toHaveLength(COLLECTION_NAMES.length);
    // ...nor the newsletter: no test, send or schedule of an issue (here a shipped roadmap item's notice to the people
    // who asked for it, decision 036), and no page of it.
    await sql`INSERT INTO roadmap_votes (item_id, email, status, consent_text) VALUES ('hubspot-crm-sync', 'voter@example.com', 'confirmed', 'c')`;
    await sql`INSERT INTO newsletter_issues (id, topic, source_key, subject, preheader, title, excerpt, link_path)
      OVERRIDING SYSTEM VALUE VALUES (${leadId}, 'shipped', 'hubspot-crm-sync', 'Access test', '', 'Access test', 'Words.', '/roadmap')
      ON CONFLICT DO NOTHING`;
    const issueBefore = await sql`SELECT status, version, subject FROM newsletter_issues WHERE id = ${leadId}`;
    const issuesBefore = await sql`SELECT count(*)::int AS n FROM newsletter_issues`;
    for (const url of urls.filter((url) => url.startsWith("/console/newsletter"))) {
      for (const intent of ["send", "schedule", "test", "save", "delete", "start"]) {
        for (const request of requestsFor(url)) {
          const response = await fetch(`${server.url}${request.url}`, {
            method: request.method,
            redirect: "manual",
            headers: { Cookie: sales, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
            body:
              request.method === "POST"
                ? new URLSearchParams({
                    csrf: salesToken,
                    intent,
                    version: "1",
                    confirm: "yes",
                    at: "2099-01-01T10:00",
                    subject: "Sales issue",
                    title: "Sales issue",
                    excerpt: "Started by sales.",
                    linkPath: "/pricing",
                    topic: "resource",
                  })
                : undefined,
          });
          expect(response.status, `sales ${intent} ${request.method} ${request.url}`).toBe(403);
          expect(await response.text()).not.toContain("Access test");
        }
      }
    }
    expect(await sql`SELECT status, version, subject FROM newsletter_issues WHERE id = ${leadId}`).toEqual(issueBefore);
    // ...and no issue started from scratch.
    expect(await sql`SELECT count(*)::int AS n FROM newsletter_issues`).toEqual(issuesBefore);
    expect(await sql`SELECT count(*)::int AS n FROM newsletter_deliveries`).toEqual([{ n: 0 }]);
    expect(await sql`SELECT count(*)::int AS n FROM roadmap_notice_deliveries`).toEqual([{ n: 0 }]);
    expect(
      await sql`SELECT count(*)::int AS n FROM outbox WHERE kind LIKE 'newsletter:%' OR kind LIKE 'roadmap:%' OR kind = 'mail:newsletter-issue'`,
    ).toEqual([{ n: 0 }]);

    // A new role applies to the same session at its next request.
    expect(await operatorCommand("role", "editor@example.com", "sales")).toContain("now sales");
    expect(await (await fetch(`${server.url}/console/leads`, { headers: { Cookie: editor } })).text()).toContain(`${MARKER} Name`);
  });

  it("refuses every report and CSV export to a visitor without a session, with a forged cookie, to a cross-site post, and an editor the lead tables", async () => {
    await addOperators({ databaseUrl: pg.url }, [
      { email: "reports-editor@example.com", password: PASSWORD, role: "editor" },
      { email: "reports-sales@example.com", password: PASSWORD, role: "sales" },
    ]);
    const admin = cookieOf(await signIn());
    const [cookieName, cookieValue] = admin.split("=") as [string, string];
    const sessions = {
      admin,
      sales: cookieOf(await signIn(PASSWORD, "reports-sales@example.com")),
      editor: cookieOf(await signIn(PASSWORD, "reports-editor@example.com")),
    };
    const tokens = { admin: await tokenOf(sessions.admin), sales: await tokenOf(sessions.sales), editor: await tokenOf(sessions.editor) };
    const range = { from: "2026-01-01", to: "2026-12-31" };
    const page = (cookie?: string, url = "/console/reports") =>
      fetch(`${server.url}${url}?from=${range.from}&to=${range.to}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
    const exportOf = (
      table: string,
      { cookie, csrf, headers = { Origin: server.url } }: { cookie?: string; csrf?: string; headers?: Record<string, string> },
    ) =>
      fetch(`${server.url}/console/reports/export`, {
        method: "POST",
        redirect: "manual",
        headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ ...(csrf ? { csrf } : {}), table, ...range }),
      });
    const exportsBefore = await sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'report-export'`;

    // No session, or a cookie the server never issued (made up, or a real one's signature changed): sent to sign in.
    const forged = [`${cookieName}=${"A".repeat(cookieValue.length)}`, `${cookieName}=${cookieValue.slice(0, -3)}abc`];
    for (const cookie of [undefined, ...forged]) {
      const label = cookie ? `forged cookie ${cookie.slice(0, 30)}` : "anonymous";
      for (const url of ["/console/reports", "/console/reports.data"]) await expectRefused(await page(cookie, url), `${label} GET ${url}`);
      for (const table of REPORT_TABLE_IDS) {
        const response = await exportOf(table, { cookie, csrf: tokens.admin });
        expect(response.headers.get("content-type") ?? "", `${label} ${table}`).not.toContain("text/csv");
        await expectRefused(response, `${label} export ${table}`);
      }
    }

    // A live session, but the post comes from another site or without the session's token: 403.
    for (const table of REPORT_TABLE_IDS) {
      for (const [label, headers, csrf] of [
        ["another site's Origin", { Origin: EVIL }, tokens.admin],
        ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site" }, tokens.admin],
        ["no token", { Origin: server.url }, undefined],
        ["the editor's token", { Origin: server.url }, tokens.editor],
      ] as const) {
        const response = await exportOf(table, { cookie: sessions.admin, csrf, headers });
        expect(response.status, `${label}: ${table}`).toBe(403);
        expect(response.headers.get("content-type"), `${label}: ${table}`).not.toContain("text/csv");
      }
    }
    expect(await sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'report-export'`).toEqual(exportsBefore);

    // Admin and sales see every table and export each; the editor sees the traffic and goals, and none about leads.
    for (const role of ["admin", "sales", "editor"] as const) {
      const html = await (await page(sessions[role])).text();
      const seesLeads = role !== "editor";
      expect(html.includes("From visit to lead to each stage"), `${role}: the funnel`).toBe(seesLeads);
      expect(html.includes("Leads by source and stage"), `${role}: leads by source`).toBe(seesLeads);
      expect(html, `${role}: the traffic`).toContain("Top pages");
      const data = await (await page(sessions[role], "/console/reports.data")).text();
      expect(data.includes('"funnel"'), `${role}: the funnel's data`).toBe(seesLeads);
      for (const table of REPORT_TABLE_IDS) {
        const response = await exportOf(table, { cookie: sessions[role], csrf: tokens[role] });
        const allowed = seesLeads || !LEAD_TABLE_IDS.includes(table);
        expect(response.status, `${role} exports ${table}`).toBe(allowed ? 200 : 403);
        expect((response.headers.get("content-type") ?? "").includes("text/csv"), `${role} exports ${table}`).toBe(allowed);
      }
    }
    const editorExports =
      await sql`SELECT detail->>'table' AS table FROM audit_log WHERE action = 'report-export' AND actor = 'reports-editor@example.com'`;
    expect(editorExports.map((row) => row.table).sort()).toEqual(
      REPORT_TABLE_IDS.filter((table) => !LEAD_TABLE_IDS.includes(table)).sort(),
    );
  });

  it("answers every other spelling of a guarded post (case, slashes, percent-encoded letters) as the guard does, with no stack in the log", async () => {
    await addAccount("spelling-editor@example.com", "editor");
    await addAccount("spelling-sales@example.com", "sales");
    const sessions = {
      admin: cookieOf(await signIn()),
      editor: cookieOf(await signIn(PASSWORD, "spelling-editor@example.com")),
      sales: cookieOf(await signIn(PASSWORD, "spelling-sales@example.com")),
    };
    const tokens = { admin: await tokenOf(sessions.admin), editor: await tokenOf(sessions.editor), sales: await tokenOf(sessions.sales) };
    const since = server.output().length;
    const postsBefore = await sql`SELECT count(*)::int AS n, max(version) AS v FROM blog_posts`;
    const contentBefore = await sql`SELECT collection, version, published FROM site_content ORDER BY collection`;
    const leadBefore = await sql`SELECT stage, notes FROM contact_requests WHERE id = ${leadId}`;
    const post = (target: string, cookie: string | undefined, headers: Record<string, string>, fields: Record<string, string>) =>
      fetch(`${server.url}${target}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ ...fields, intent: "publish", status: "handled", note: "overwritten", title: "Spelled post" }),
      });

    for (const url of urls) {
      for (const target of spellingsOf(url)) {
        // The router matches no path with doubled slashes (the site's 404 page takes it): the guard still answers first.
        const routed = !target.includes("//");
        const forged = await post(target, sessions.admin, { Origin: EVIL }, { csrf: tokens.admin });
        expect(forged.status, `cross-site POST ${target}`).toBe(403);
        expect(await forged.text()).toBe("This request did not come from the console itself.\n");
        const unsaid = await post(target, sessions.admin, {}, { csrf: tokens.admin });
        expect(unsaid.status, `POST without Origin ${target}`).toBe(403);

        const anonymous = await post(target, undefined, { Origin: server.url }, {});
        if (routed) await expectRefused(anonymous, `anonymous POST ${target}`);
        else expect(anonymous.status, `anonymous POST ${target}`).toBe(405);

        // A role that may not: sales in the editor, the editor at a lead.
        const role =
          url.startsWith("/console/posts") || url.startsWith("/console/content")
            ? "sales"
            : url.startsWith("/console/leads/")
              ? "editor"
              : null;
        if (role) {
          const refused = await post(target, sessions[role], { Origin: server.url }, { csrf: tokens[role] });
          expect(refused.status, `${role} POST ${target}`).toBe(routed ? 403 : 405);
          expect(await refused.text()).not.toContain(MARKER);
        }

        // A signed-in editor's body over the limit is refused before it is read (the rest is never sent), and a body
        // that does not say its length is refused too.
        const head = (extra: string) =>
          `POST ${target} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: ${server.url}\r\nCookie: ${sessions.editor}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\n${extra}\r\n`;
        const large = await raw(
          server.url,
          async (write) => {
            write(head(`Content-Length: ${13 * 1024 * 1024}\r\n`));
            write(`csrf=${tokens.editor}&intent=publish&title=${"x".repeat(64 * 1024)}`);
          },
          5_000,
        );
        expect(large.status, `13 MB POST ${target}`).toBe(413);
        const chunked = await raw(server.url, async (write) => {
          write(head("Transfer-Encoding: chunked\r\n"));
          const fields = `csrf=${tokens.editor}&intent=save&title=Chunked`;
          write(`${fields.length.toString(16)}\r\n${fields}\r\n0\r\n\r\n`);
        });
        expect(chunked.status, `chunked POST ${target}`).toBe(411);
      }
    }
    expect(await sql`SELECT count(*)::int AS n, max(version) AS v FROM blog_posts`).toEqual(postsBefore);
    // ...nor the site's content (statistics, FAQ, roadmap, plans): nothing published, nothing saved.
    expect(await sql`SELECT collection, version, published FROM site_content ORDER BY collection`).toEqual(contentBefore);
    expect(contentBefore).toHaveLength(COLLECTION_NAMES.length);
    expect(await sql`SELECT stage, notes FROM contact_requests WHERE id = ${leadId}`).toEqual(leadBefore);
    // Refusals are one access-log line each: React Router's own refusal would print a stack for each.
    const log = server.output().slice(since);
    expect(log).not.toMatch(/Error|\bat [\w.<>]+ \(/);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, scoped to the site (the console and its editors), without Secure over plain HTTP", async () => {
    const response = await signIn();
    expect(response.status).toBe(303);
    const flags = (response.headers.get("set-cookie") ?? "").split(";").map((part) => part.trim().toLowerCase());
    expect(flags[0]).toMatch(/^replywise-operator=.+/);
    expect(flags).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(flags).not.toContain("secure");
    expect(flags.some((flag) => flag.startsWith("max-age") || flag.startsWith("expires"))).toBe(false);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("marks the cookie Secure (and __Secure-) when the site is served over HTTPS", async () => {
    // A second instance on the same database, behind a TLS-terminating proxy as production runs it. The forwarded host
    // names its port: without one, @react-router/express takes the port of the Host header (the test server's), and the
    // origins would differ.
    const secure = await startServer({
      DATABASE_URL: pg.url,
      SECRET_KEY: "s".repeat(40),
      SITE_URL: "https://console.example",
      TRUST_PROXY: "loopback",
    });
    try {
      const response = await fetch(`${secure.url}/console/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://console.example",
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "console.example:443",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email: "ops@example.com", password: PASSWORD }),
      });
      expect(response.status).toBe(303);
      const flags = (response.headers.get("set-cookie") ?? "").split(";").map((part) => part.trim().toLowerCase());
      expect(flags[0]).toMatch(/^__secure-replywise-operator=.+/);
      expect(flags).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "secure"]));
    } finally {
      await secure.stop();
    }
  });

  it("writes no lead content, no searched address and no password into the server's log", async () => {
    expect((await signIn(`${MARKER}-wrong-password`)).status).toBe(401);
    const cookie = cookieOf(await signIn());
    const token = await tokenOf(cookie);
    const withSession = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      });
    await withSession(`/console/leads?q=${MARKER}&source=${MARKER}`);
    await withSession(`/console/leads/contact/${leadId}`);
    await withSession("/console/leads/export", { method: "POST", body: new URLSearchParams({ csrf: token, q: MARKER }) });
    await withSession("/console/requests", {
      method: "POST",
      body: new URLSearchParams({ csrf: token, intent: "lookup", email: `${MARKER}@example.com` }),
    });
    await withSession("/console/requests/export", {
      method: "POST",
      body: new URLSearchParams({ csrf: token, email: `${MARKER}@example.com` }),
    });
    await withSession(`/console/leads/contact/${leadId}`, {
      method: "POST",
      body: new URLSearchParams({ csrf: token, intent: "note", note: `${MARKER} note` }),
    });
    const log = server.output();
    expect(log).toContain("POST /console/leads/export 200");
    expect(log).toContain("POST /console/sign-in 401");
    expect(log.toLowerCase()).not.toContain(MARKER.toLowerCase());
    expect(log).not.toContain("marker.lead@example.com");
    expect(log).not.toContain(PASSWORD);
    // Nor the audit log: kinds and counts only.
    const audit = JSON.stringify(await sql`SELECT actor, action, detail FROM audit_log`);
    expect(audit.toLowerCase()).not.toContain(MARKER.toLowerCase());
    expect(audit).toContain('"action":"export"');
  });
});
