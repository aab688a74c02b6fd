import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONSENT } from "~/content/consent";
import { voteConfirmPage } from "~/content/roadmap-votes";
import { confirmVote, inspectVoteConfirmation, voteCounts } from "~/lib/roadmap-votes/votes.server";
import { requestContext } from "~/context";
import * as confirmRoute from "~/routes/roadmap.vote.confirm";
import { openHarness, type Driver, type Harness } from "./support/harness";

// Votes on planned roadmap items (issue 37) through the form's action and the confirmation link, on both databases:
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
