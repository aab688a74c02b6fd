import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONSENT } from "~/content/consent";
import { voteConfirmPage } from "~/features/roadmap-votes";
import { featureRequests } from "~/features/leads/index.server";
import {
  itemSupporters,
  linkRequest,
  mergedAnchors,
  mergeItems,
  confirmVote,
  inspectVoteConfirmation,
  roadmapVoteLinks,
  voteCounts,
  SHIPPED_COPY_JOB,
  withdraw,
} from "~/features/roadmap-votes/index.server";
import { requestContext } from "~/context";
import * as confirmRoute from "~/routes/roadmap.vote.confirm";
import postgres from "postgres";
import { startServer, type RunningServer } from "../support/serve-build";
import { openHarness, type Driver, type Harness } from "../support/server/harness";
import { expectRefusedConfirmations, expectSameOpenedAndClicked, linkPageAt, pageSaying, pathOf } from "../support/server/link-pages";
import { addOperator, operatorSession, sessionCookie, type OperatorPost } from "../support/server/operators";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import type { RoadmapItem } from "~/content/roadmap";
import { eraseSubject } from "~/features/data-requests/index.server";
import { audienceOf, sendIssue } from "~/features/newsletter/index.server";
import { findContent, publishNow, seedSiteContent } from "~/features/site-content/index.server";
import { createSigner } from "~/lib/secrets.server";

// Votes on planned roadmap items (decision 036) through the form's action and the confirmation link, on both databases:
// one vote per address and item, counted only once confirmed, a token confirms only its own vote, bad input and spam
// store nothing, and a linked feature request counts as its requester's vote, once.

const PLANNED = "hubspot-crm-sync";
const SHIPPED = "smartlead-integration";

describe.each<Driver>(["pglite", "postgres"])("roadmap votes on %s", (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(driver);
  }, 120_000);
  afterAll(() => h?.close());

  const links = () => h.services.newsletter.voteLinks;
  const vote = (fields: Record<string, string>, options?: Parameters<Harness["post"]>[2]) => h.post("/forms/roadmap-vote", fields, options);
  const votes = async () => (await h.rows("roadmap_votes")).map((row) => ({ itemId: row.item_id, email: row.email, status: row.status }));
  const confirmationMails = async () =>
    (await h.rows("outbox"))
      .filter((row) => row.kind === "mail:roadmap-vote-confirmation")
      .map((row) => row.payload as { to: { address: string }[]; props: { confirmUrl: string; itemName: string } });
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
  const count = async () => (await voteCounts(h.handle.db))[PLANNED] ?? 0;

  beforeEach(async () => {
    await h.handle.db.execute(sql`TRUNCATE roadmap_votes, outbox, spam_posts, feature_requests, form_receipts RESTART IDENTITY CASCADE`);
  });

  it("stores a vote pending with its consent, mails one confirmation link, and counts it only once confirmed", async () => {
    const answer = await vote({ itemId: PLANNED, email: "Ann@Example.com", name: "Ann", note: "We use HubSpot." });
    expect(answer).toMatchObject({ status: 200, result: { status: "success" } });
    expect(await votes()).toEqual([{ itemId: PLANNED, email: "Ann@Example.com", status: "pending" }]);
    const [stored] = await h.rows("roadmap_votes");
    expect(stored!.consent_text).toContain(CONSENT["roadmap-vote"]);
    const mails = await confirmationMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [{ address: "Ann@Example.com" }], props: { itemName: "HubSpot CRM sync" } });
    // Unconfirmed: never counted.
    expect(await count()).toBe(0);

    // Opening the link changes nothing (a mail scanner); the click confirms.
    const token = tokenOf(mails[0]!.props.confirmUrl);
    expect(await inspectVoteConfirmation(h.handle.db, token, links())).toMatchObject({ outcome: "pending" });
    expect(await count()).toBe(0);
    expect(await confirmVote(h.handle.db, token, links())).toBe("confirmed");
    expect(await count()).toBe(1);
    expect(await confirmVote(h.handle.db, token, links())).toBe("already-confirmed");
    expect(await count()).toBe(1);
  });

  it("keeps one vote per address and item, whatever the case, and asks again at most once an hour", async () => {
    await vote({ itemId: PLANNED, email: "bo@example.com" });
    await vote({ itemId: PLANNED, email: "BO@example.com", note: "Again" }, { address: "203.0.113.8" });
    expect(await votes()).toEqual([{ itemId: PLANNED, email: "bo@example.com", status: "pending" }]);
    expect(await confirmationMails()).toHaveLength(1);
    const [mail] = await confirmationMails();
    await confirmVote(h.handle.db, tokenOf(mail!.props.confirmUrl), links());
    await h.handle.db.execute(sql`UPDATE roadmap_votes SET confirmation_sent_at = now() - interval '2 hours'`);
    // Confirmed: voting again changes nothing and mails nothing.
    await vote({ itemId: PLANNED, email: "bo@example.com" }, { address: "203.0.113.9" });
    expect(await confirmationMails()).toHaveLength(1);
    expect(await count()).toBe(1);
  });

  it("confirms with a token only the vote it was made for; a changed or foreign token confirms nothing", async () => {
    await vote({ itemId: PLANNED, email: "cy@example.com" });
    await vote({ itemId: PLANNED, email: "di@example.com" }, { address: "203.0.113.10" });
    const [cy, di] = await confirmationMails();
    const cyToken = tokenOf(cy!.props.confirmUrl);
    // The payload says which vote: changing it breaks the signature.
    const [payload, signature] = cyToken.split(".");
    const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { v: number };
    const forged = `${Buffer.from(JSON.stringify({ ...decoded, v: decoded.v + 1 })).toString("base64url")}.${signature}`;
    expect(await confirmVote(h.handle.db, forged, links())).toBe("invalid");
    // A newsletter link is not a vote link.
    const newsletterToken = tokenOf(h.services.newsletter.links.confirmUrl({ id: 2, email: "di@example.com" }));
    expect(await confirmVote(h.handle.db, newsletterToken, links())).toBe("invalid");
    expect(await votes()).toEqual([
      { itemId: PLANNED, email: "cy@example.com", status: "pending" },
      { itemId: PLANNED, email: "di@example.com", status: "pending" },
    ]);
    expect(await confirmVote(h.handle.db, cyToken, links())).toBe("confirmed");
    expect((await votes()).map((row) => row.status)).toEqual(["confirmed", "pending"]);
    expect(await confirmVote(h.handle.db, tokenOf(di!.props.confirmUrl), links())).toBe("confirmed");
    expect(await count()).toBe(2);
  });

  it("answers the confirmation page without changing anything, and confirms on the click", async () => {
    await vote({ itemId: PLANNED, email: "ed@example.com" });
    const [mail] = await confirmationMails();
    const url = `http://localhost/roadmap/vote/confirm?token=${tokenOf(mail!.props.confirmUrl)}`;
    const context = requestContext(h.services, "203.0.113.7");
    const page = (await confirmRoute.loader({ request: new Request(url), context, params: {} } as never)) as { data: { title: string } };
    expect(page.data.title).toBe(voteConfirmPage.pending.title);
    expect(await count()).toBe(0);
    const clicked = (await confirmRoute.action({
      request: new Request(url, { method: "POST" }),
      context,
      params: {},
    } as never)) as Response;
    expect(clicked.status).toBe(303);
    expect(await count()).toBe(1);
  });

  it("refuses a 100 KB note, markup, a bad address and an item not open for votes with clear messages, storing nothing", async () => {
    const tooLarge = await vote({ itemId: PLANNED, email: "fa@example.com", note: "x".repeat(100 * 1024) });
    expect(tooLarge).toMatchObject({ status: 413, result: { status: "error", reason: "too-large" } });
    const markup = await vote({ itemId: PLANNED, email: "fa@example.com", note: "<script>alert(1)</script>" });
    expect(markup).toMatchObject({ status: 400, result: { fieldErrors: { note: "Note cannot contain HTML: write it as plain text." } } });
    const name = await vote({ itemId: PLANNED, email: "fa@example.com", name: '"><img src=x onerror=alert(1)>' });
    expect(name).toMatchObject({ status: 400, result: { fieldErrors: { name: "Name cannot contain HTML: write it as plain text." } } });
    const address = await vote({ itemId: PLANNED, email: "javascript:alert(1)" });
    expect(address).toMatchObject({ status: 400, result: { fieldErrors: { email: "Please enter a valid email address" } } });
    const shipped = await vote({ itemId: SHIPPED, email: "fa@example.com" });
    expect(shipped.result.fieldErrors?.itemId).toMatch(/not open for votes/);
    expect(await votes()).toEqual([]);
    expect(await h.rows("outbox")).toEqual([]);
  });

  it("holds a vote that trips the honeypot as spam, answered as if stored, counted and mailed never", async () => {
    const answer = await vote({ itemId: PLANNED, email: "bot@example.com", website: "https://cheap-pills.example" });
    expect(answer.result.status).toBe("success");
    expect(await votes()).toEqual([]);
    expect(await h.rows("outbox")).toEqual([]);
    expect((await h.rows("spam_posts")).map((row) => row.form)).toEqual(["roadmap-vote"]);
  });

  it("counts a feature request linked to the item as its requester's vote, each address once", async () => {
    await vote({ itemId: PLANNED, email: "gu@example.com" });
    const [mail] = await confirmationMails();
    await confirmVote(h.handle.db, tokenOf(mail!.props.confirmUrl), links());
    await h.handle.db.execute(sql`INSERT INTO feature_requests (name, email, feature_title, description, roadmap_item_id) VALUES
      ('Gu', 'GU@example.com', 'HubSpot', 'Sync', ${PLANNED}),
      ('Ha', 'ha@example.com', 'HubSpot please', 'Sync', ${PLANNED}),
      ('Io', 'io@example.com', 'Not linked', 'Something', NULL)`);
    expect(await count()).toBe(2);
  });
});

describe.each<Driver>(["pglite", "postgres"])("linking requests and merging roadmap items on %s", (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(driver);
  }, 120_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h.handle.db.execute(
      sql`TRUNCATE roadmap_votes, roadmap_item_merges, feature_requests, contact_requests, demo_leads RESTART IDENTITY CASCADE`,
    );
  });

  const addVote = (itemId: string, email: string, status: "pending" | "confirmed", name: string | null = null) =>
    h.handle.db.execute(
      sql`INSERT INTO roadmap_votes (item_id, email, name, status, consent_text) VALUES (${itemId}, ${email}, ${name}, ${status}, 'c')`,
    );
  const addRequest = async (email: string, stage = "new") => {
    const [row] = (await h.handle.db
      .insert(featureRequests)
      .values({ name: email.split("@")[0]!, email, featureTitle: "Sync", description: "Please", stage: stage as "new" })
      .returning({ id: featureRequests.id }))!;
    return row!.id;
  };

  it("counts a linked request as its requester's vote, once with their own vote, and not after unlinking", async () => {
    const request = await addRequest("ann@example.com");
    await addVote("hubspot-crm-sync", "Ann@example.com", "confirmed");
    expect(await linkRequest(h.handle.db, request, "hubspot-crm-sync", "sales@replywise.example")).toBe(true);
    expect((await voteCounts(h.handle.db))["hubspot-crm-sync"]).toBe(1);
    await addRequest("bo@example.com").then((id) => linkRequest(h.handle.db, id, "hubspot-crm-sync", "sales@replywise.example"));
    expect((await voteCounts(h.handle.db))["hubspot-crm-sync"]).toBe(2);
    expect(await linkRequest(h.handle.db, request, null, "sales@replywise.example")).toBe(true);
    // Ann still voted herself.
    expect((await voteCounts(h.handle.db))["hubspot-crm-sync"]).toBe(2);
    expect(await linkRequest(h.handle.db, 9999, "hubspot-crm-sync", "sales@replywise.example")).toBe(false);
  });

  it("merges two items: requests and votes move, an address on both counts once and stays confirmed, the old anchor is kept", async () => {
    await addVote("chat-tool-integration", "cy@example.com", "confirmed");
    await addVote("chat-tool-integration", "di@example.com", "pending");
    await addVote("chat-tool-integration", "both@example.com", "confirmed");
    await addVote("hubspot-crm-sync", "BOTH@example.com", "pending");
    await addVote("hubspot-crm-sync", "ed@example.com", "confirmed");
    await linkRequest(h.handle.db, await addRequest("cy@example.com"), "chat-tool-integration", "sales@replywise.example");
    await linkRequest(h.handle.db, await addRequest("fa@example.com"), "chat-tool-integration", "sales@replywise.example");
    expect(await voteCounts(h.handle.db)).toEqual({ "chat-tool-integration": 3, "hubspot-crm-sync": 1 });

    await mergeItems(h.handle.db, "chat-tool-integration", "hubspot-crm-sync", "sales@example.com");

    // cy, both, ed, fa: each once; di is still unconfirmed.
    expect(await voteCounts(h.handle.db)).toEqual({ "hubspot-crm-sync": 4 });
    const votes = await h.rows("roadmap_votes");
    expect(votes.map((row) => [row.item_id, String(row.email).toLowerCase(), row.status]).sort()).toEqual([
      ["hubspot-crm-sync", "both@example.com", "confirmed"],
      ["hubspot-crm-sync", "cy@example.com", "confirmed"],
      ["hubspot-crm-sync", "di@example.com", "pending"],
      ["hubspot-crm-sync", "ed@example.com", "confirmed"],
    ]);
    expect((await h.rows("feature_requests")).map((row) => row.roadmap_item_id)).toEqual(["hubspot-crm-sync", "hubspot-crm-sync"]);
    expect(await mergedAnchors(h.handle.db)).toEqual({ "hubspot-crm-sync": ["chat-tool-integration"] });

    // Merging on: what was merged in follows, and nothing is counted twice.
    await addVote("outlook-calendar-invites", "ed@example.com", "confirmed");
    await mergeItems(h.handle.db, "hubspot-crm-sync", "outlook-calendar-invites", "sales@example.com");
    expect(await voteCounts(h.handle.db)).toEqual({ "outlook-calendar-invites": 4 });
    expect((await mergedAnchors(h.handle.db))["outlook-calendar-invites"]?.sort()).toEqual(["chat-tool-integration", "hubspot-crm-sync"]);
    await expect(mergeItems(h.handle.db, "outlook-calendar-invites", "outlook-calendar-invites", "x@example.com")).rejects.toThrow();
    // Back into an item merged away: refused, and nothing moved.
    await expect(mergeItems(h.handle.db, "outlook-calendar-invites", "hubspot-crm-sync", "x@example.com")).rejects.toThrow(
      "Nothing was merged: #hubspot-crm-sync is already merged into #outlook-calendar-invites.",
    );
    expect(await voteCounts(h.handle.db)).toEqual({ "outlook-calendar-invites": 4 });
  });

  it("lists who asked and voted with their lead stage, won, meeting booked and qualified leads first", async () => {
    await addVote("hubspot-crm-sync", "new@example.com", "confirmed", "New");
    await addVote("hubspot-crm-sync", "won@example.com", "confirmed", "Won");
    await addVote("hubspot-crm-sync", "pending@example.com", "pending");
    await h.handle.db.execute(sql`INSERT INTO contact_requests (name, email, message, stage) VALUES
      ('Won', 'WON@example.com', 'm', 'won'), ('Won', 'won@example.com', 'm', 'lost')`);
    await linkRequest(h.handle.db, await addRequest("qualified@example.com", "qualified"), "hubspot-crm-sync", "sales@replywise.example");
    await h.handle.db.execute(sql`INSERT INTO demo_leads (name, email, stage) VALUES ('Meet', 'meet@example.com', 'meeting-booked')`);
    await addVote("hubspot-crm-sync", "meet@example.com", "confirmed");

    const supporters = await itemSupporters(h.handle.db, "hubspot-crm-sync");
    expect(supporters.map(({ email, stage, asked, voted }) => [email, stage, asked, voted])).toEqual([
      ["won@example.com", "won", false, true],
      ["meet@example.com", "meeting-booked", false, true],
      ["qualified@example.com", "qualified", true, false],
      ["new@example.com", null, false, true],
    ]);
  });
});

// A merge posted to the console by a sales account, as its form does or by hand: an item merged already takes part in
// no other merge, as the source or the target, so no item ends merged into itself or into a cycle.
describe("merging roadmap items through the built server", () => {
  const SECRET_KEY = "m".repeat(40);
  let pg: TestDatabase;
  let server: RunningServer;
  let db: postgres.Sql;
  let post: OperatorPost;

  beforeAll(async () => {
    pg = await createTestDatabase();
    const env = { DATABASE_URL: pg.url, SECRET_KEY };
    server = await startServer(env);
    await addOperator(env, "merging.sales@example.com", "sales");
    post = await operatorSession(server.url, "merging.sales@example.com");
  }, 180_000);
  afterAll(async () => {
    await db?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("refuses merging back, and a merged item as a source or a target, with a message, changing nothing", async () => {
    db = postgres(pg.url, { max: 1, onnotice: () => {} });
    const [a, b, c] = ["chat-tool-integration", "hubspot-crm-sync", "outlook-calendar-invites"];
    await db`INSERT INTO roadmap_votes (item_id, email, status, consent_text) VALUES
      (${a}, 'ann@example.com', 'confirmed', 'c'), (${b}, 'bo@example.com', 'confirmed', 'c'), (${c}, 'cy@example.com', 'confirmed', 'c')`;
    const merge = (into: string, from: string) => post(`/console/roadmap/${into}`, { intent: "merge", from, confirm: "yes" });
    const merged = await merge(b, a);
    expect(merged.status).toBe(303);
    expect(merged.headers.get("location")).toBe(`/console/roadmap/${b}?done=merged`);

    const state = async () => ({
      merges: await db`SELECT from_item_id, into_item_id FROM roadmap_item_merges ORDER BY from_item_id`,
      votes: await db`SELECT item_id, email, status FROM roadmap_votes ORDER BY email`,
      audit: await db`SELECT detail FROM audit_log WHERE action = 'roadmap-merged' ORDER BY id`,
    });
    const before = await state();
    expect(before.merges).toEqual([{ from_item_id: a, into_item_id: b }]);
    for (const [label, into, from, message] of [
      // A into B, then B into A by a hand-made post: A would end merged into itself.
      ["back into the merged item", a, b, `Nothing was merged: #${a} is already merged into #${b}.`],
      ["the merged item as the source", c, a, `Nothing was merged: #${a} is already merged into #${b}.`],
      ["the merged item as the target", a, c, `Nothing was merged: #${a} is already merged into #${b}. Merge into #${b} instead.`],
    ] as const) {
      const refused = await merge(into, from);
      expect(refused.status, label).toBe(409);
      expect(await refused.text(), label).toContain(message);
    }
    expect(await state()).toEqual(before);
    // The merged item's page says where it went and offers no merge into it.
    const page = await (
      await fetch(`${server.url}/console/roadmap/${a}`, {
        headers: { Cookie: await sessionCookie(server.url, "merging.sales@example.com") },
      })
    ).text();
    expect(page).toContain("This item was merged into");
    expect(page).not.toContain("Merge a duplicate into this item");
  });

  it("a vote's confirmation link mailed by an earlier version of the site still asks for the click and confirms", async () => {
    // Made before the double opt-in was written once (app/lib/double-opt-in.server.ts), with this server's key: the token
    // names the vote as `v`, a digest of its address as `e` and the expiry as `x`. Links in mailboxes keep working.
    const votes = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      await votes`INSERT INTO roadmap_votes (id, item_id, email, status, consent_text) OVERRIDING SYSTEM VALUE
        VALUES (424242, 'hubspot-crm-sync', 'Voted.Before@example.com', 'pending', 'c')`;
      const link = `${server.url}/roadmap/vote/confirm?token=eyJ2Ijo0MjQyNDIsImUiOiIyYjI5ZWQ4MzcyNzY4YWYyZDljNDQyNjc4NzllZjA3N2JmMmViNGQzZDZhMWU4MmJhMDAwNDJiNTgzNzg3NWEzIiwieCI6NDEwMjQ0NDgwMDAwMH0.w2nIRvmTxVJV4euwRLB--itheNCRNZ4SrnJKI9uPSoU`;
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("One click and the vote of V•••@example.com counts on the roadmap");
      const status = async () => (await votes`SELECT status FROM roadmap_votes WHERE id = 424242`)[0]?.status;
      expect(await status()).toBe("pending");
      const click = await fetch(link, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(click.status).toBe(303);
      expect(await status()).toBe("confirmed");
    } finally {
      await votes.end({ timeout: 1 });
    }
  });

  it("a vote's confirmation page says the same in each state, opened and clicked; only the click counts it, once", async () => {
    // The server's own links, with its key: links it would make, some made long ago or for another address.
    const key = Buffer.from(SECRET_KEY);
    const links = roadmapVoteLinks(server.url, createSigner(key, "roadmap-vote-confirm"), createSigner(key, "roadmap-withdraw"));
    const email = "Page.States@example.com";
    const votes = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await votes`INSERT INTO roadmap_votes (item_id, email, status, consent_text, confirmation_sent_at)
        VALUES (${PLANNED}, ${email}, 'pending', 'c', now()) RETURNING id`;
      const id = Number(row!.id);
      const link = pathOf(links.confirmUrl({ id, email }));
      const state = async () => (await votes`SELECT status, confirmed_at IS NOT NULL AS confirmed FROM roadmap_votes WHERE id = ${id}`)[0];
      /** The count on the item's card of /roadmap, as every visitor reads it. */
      const counted = async () => {
        const html = await (await fetch(`${server.url}/roadmap`)).text();
        const count = new RegExp(`id="${PLANNED}"[\\s\\S]*?data-vote-count="(\\d+)"`).exec(html)?.[1];
        if (count === undefined) throw new Error(`no count on the card of ${PLANNED} on /roadmap`);
        return Number(count);
      };
      const before = await counted();

      expect(await linkPageAt(server.url, link)).toEqual(
        pageSaying(
          200,
          "Confirm your vote",
          "One click and the vote of P•••@example.com counts on the roadmap. We send one email when this item ships, nothing else.",
          "Confirm my vote",
        ),
      );
      await expectRefusedConfirmations(
        server.url,
        links,
        { id, email },
        {
          expired: ["This link has expired", "Confirmation links work for 7 days. Vote again on the roadmap and we'll send you a new one."],
          gone: [
            "This vote no longer exists",
            "It was not confirmed in time and was deleted, or its address was erased. Vote again on the roadmap if you still want it.",
          ],
          invalid: [
            "This link is not valid",
            "The confirmation link is incomplete or was changed. Copy the whole link from the email, or vote again on the roadmap.",
          ],
        },
      );
      expect(await state()).toEqual({ status: "pending", confirmed: false });
      expect(await counted()).toBe(before);

      // The click: confirmed and counted on /roadmap; then the page by GET says so, and again says already.
      expect(await linkPageAt(server.url, link, "POST")).toEqual({ ...pageSaying(303, "", ""), location: `${link}&done=1` });
      expect(await state()).toEqual({ status: "confirmed", confirmed: true });
      await expect.poll(counted, { timeout: 10_000 }).toBe(before + 1);
      expect(await linkPageAt(server.url, `${link}&done=1`)).toEqual(
        pageSaying(200, "Your vote counts", "Thanks for confirming. You will hear from us once, when this item ships."),
      );
      await expectSameOpenedAndClicked(server.url, [
        [link, pageSaying(200, "Your vote already counts", "This vote was confirmed before. Nothing else to do.")],
      ]);
      expect(await counted()).toBe(before + 1);
    } finally {
      await votes.end({ timeout: 1 });
    }
  });
});

// "Shipped means told" (decision 036): publishing an item as completed drafts its notice; sending it queues one copy per
// requester and confirmed voter (merged ones included), never to an address that withdrew, was erased or is suppressed.
describe.each<Driver>(["pglite", "postgres"])("shipped notices on %s", (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(driver);
  }, 120_000);
  afterAll(() => h?.close());

  const EDITOR = "editor@replywise.example";
  const ITEM = "hubspot-crm-sync";
  const db = () => h.handle.db;
  const addVote = (itemId: string, email: string, status: "pending" | "confirmed") =>
    db().execute(sql`INSERT INTO roadmap_votes (item_id, email, status, consent_text) VALUES (${itemId}, ${email}, ${status}, 'c')`);
  const addRequest = async (email: string, itemId: string | null, stage = "new") => {
    const [row] = await db()
      .insert(featureRequests)
      .values({ name: "R", email, featureTitle: "Sync", description: "Please", stage: stage as "new", roadmapItemId: itemId })
      .returning({ id: featureRequests.id });
    return row!.id;
  };
  /** Publishes the roadmap with `itemId` completed, as an editor would. */
  async function ship(itemId: string) {
    const row = (await findContent(db(), "roadmap"))!;
    const entries = (row.published as RoadmapItem[]).map((item) => (item.id === itemId ? { ...item, status: "completed" as const } : item));
    const published = await publishNow(db(), h.services.publishHooks.content, EDITOR, "roadmap", row.version, entries);
    expect(published.status).toBe("done");
  }
  const notices = async () => (await h.rows("newsletter_issues")).filter((row) => row.topic === "shipped");

  beforeEach(async () => {
    await db().execute(
      sql`TRUNCATE roadmap_votes, roadmap_withdrawals, roadmap_item_merges, newsletter_issues, outbox, feature_requests, email_suppressions RESTART IDENTITY CASCADE`,
    );
    await db().execute(sql`DELETE FROM site_content`);
    await seedSiteContent(db());
  });

  it("drafts one notice when an item ships, and sends it once to each remaining requester and voter", async () => {
    await addVote(ITEM, "voter@example.com", "confirmed");
    await addVote(ITEM, "pending@example.com", "pending");
    await addVote(ITEM, "Both@example.com", "confirmed");
    await addRequest("both@example.com", ITEM);
    await addRequest("asker@example.com", ITEM);
    await addRequest("spam@example.com", ITEM, "spam");
    await addVote(ITEM, "suppressed@example.com", "confirmed");
    await db().execute(
      sql`INSERT INTO email_suppressions (email, reason, source) VALUES ('suppressed@example.com', 'complaint', 'webhook')`,
    );
    await addVote(ITEM, "erased@example.com", "confirmed");
    await eraseSubject(db(), "erased@example.com", EDITOR, { mailFileDir: null });
    // Merged in from a duplicate before it shipped.
    await addVote("chat-tool-integration", "merged@example.com", "confirmed");
    await mergeItems(db(), "chat-tool-integration", ITEM, "sales@replywise.example");
    // Withdrew with the link of a notice (its token names the item and the address).
    await addVote(ITEM, "withdrew@example.com", "confirmed");
    const token = new URL(links().withdrawUrl({ itemId: ITEM, email: "withdrew@example.com" })).searchParams.get("token")!;
    expect(await withdraw(db(), token, links())).toEqual({ outcome: "withdrawn", itemId: ITEM });
    expect(await audienceOf(db(), h.services.newsletter.audiences, "shipped", ITEM)).toBe(4);

    await ship(ITEM);
    const [notice] = await notices();
    expect(notice).toMatchObject({
      source_key: ITEM,
      status: "draft",
      subject: "Shipped: HubSpot CRM sync",
      link_path: `/roadmap#${ITEM}`,
    });
    // Publishing again (another change) drafts no second notice.
    await ship(ITEM);
    expect(await notices()).toHaveLength(1);

    const sent = await sendIssue(db(), EDITOR, Number(notice!.id), Number(notice!.version), {
      ratePerMinute: 0,
      audiences: h.services.newsletter.audiences,
    });
    expect(sent).toMatchObject({ status: "done", recipients: 4 });
    const jobs = (await h.rows("outbox")).filter((row) => row.kind === SHIPPED_COPY_JOB);
    expect(jobs.map((row) => String(row.recipient).toLowerCase()).sort()).toEqual([
      "asker@example.com",
      "both@example.com",
      "merged@example.com",
      "voter@example.com",
    ]);
    // Not numbered: a notice is no issue of the public archive.
    expect((await notices())[0]!.number).toBeNull();
    // A second click, or a second instance, queues nothing.
    const again = await sendIssue(db(), EDITOR, Number(notice!.id), Number(notice!.version), {
      ratePerMinute: 0,
      audiences: h.services.newsletter.audiences,
    });
    expect(again.status).not.toBe("done");
    expect((await h.rows("outbox")).filter((row) => row.kind === SHIPPED_COPY_JOB)).toHaveLength(4);
  });

  it("withdraws with a notice's link only its own address from its own item; a changed or foreign token withdraws nothing", async () => {
    await addVote(ITEM, "ann@example.com", "confirmed");
    await addVote("outlook-calendar-invites", "ann@example.com", "confirmed");
    await addVote(ITEM, "bo@example.com", "confirmed");
    const token = new URL(links().withdrawUrl({ itemId: ITEM, email: "ann@example.com" })).searchParams.get("token")!;
    expect(await withdraw(db(), `${token.slice(0, -2)}xx`, links())).toEqual({ outcome: "invalid" });
    const stranger = new URL(links().withdrawUrl({ itemId: ITEM, email: "nobody@example.com" })).searchParams.get("token")!;
    expect(await withdraw(db(), stranger, links())).toEqual({ outcome: "gone" });
    expect(await voteCounts(db())).toEqual({ [ITEM]: 2, "outlook-calendar-invites": 1 });
    expect(await withdraw(db(), token, links())).toEqual({ outcome: "withdrawn", itemId: ITEM });
    expect(await voteCounts(db())).toEqual({ [ITEM]: 1, "outlook-calendar-invites": 1 });
    // A request linked later does not bring a withdrawn address back into the notice.
    await addRequest("ann@example.com", ITEM);
    expect(await audienceOf(db(), h.services.newsletter.audiences, "shipped", ITEM)).toBe(1);
  });

  const links = () => h.services.newsletter.voteLinks;
});
