import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCapability } from "~/content/capabilities";
import { plans } from "~/content/plans";
import { initialRoadmapItems, type RoadmapItem } from "~/content/roadmap";
import { collectionOf, fieldText, type CollectionName } from "~/features/site-content";
import { startServer, type RunningServer } from "../support/serve-build";
import { parseHtml, textOf } from "../support/server/page-document";
import type { TestDatabase } from "../support/server/postgres";
import { startTwoInstances, stopTwoInstances } from "../support/server/two-instances";
import { addOperator, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";

// The roadmap and the plans edited in the browser (docs/decisions/035), against the built server through the editor's
// form: a price on /pricing and in its Product data; a roadmap item moved to Completed sells its capability on
// /features and lets a plan sell it on /pricing, on a second instance within 5 s; the rules that refuse a plan selling a
// planned capability and an item leaving Completed while sold; the URLs refused to anyone but an editor; an XSS corpus.

const EDITOR = "roadmap.editor@example.com";
const SALES = "roadmap.sales@example.com";
const PLANS_PATH = "/console/content/plans";
const ROADMAP_PATH = "/console/content/roadmap";
const LEMLIST = getCapability("lemlist").label;
const lemlistIndex = initialRoadmapItems().findIndex((item) => item.capability === "lemlist");
const lemlistItem = initialRoadmapItems()[lemlistIndex]!;

/** The editor's form for the first content of a collection, some fields typed over (`0.price`). */
function formOf(name: CollectionName, entries: readonly unknown[], over: Record<string, string> = {}): Record<string, string> {
  const collection = collectionOf(name);
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    for (const field of collection.fields) fields[`${index}.${field.name}`] = fieldText(collection, entry, field.name);
  });
  return { ...fields, ...over };
}
const plansForm = (over: Record<string, string> = {}) => formOf("plans", plans, over);
const roadmapForm = (over: Record<string, string> = {}) => formOf("roadmap", initialRoadmapItems(), over);
/** Starter's list with one more line. */
const starterSelling = (line: string) => ({ "0.features": `${fieldText(collectionOf("plans"), plans[0], "features")}\n${line}` });

const text = async (url: string) => (await fetch(url)).text();

interface Offer {
  name: string;
  price: string;
  priceSpecification: { price: string; referenceQuantity?: { value: number; unitText: string } }[];
}

/** The offers of /pricing's Product data, by plan name. */
async function offers(url: string): Promise<Record<string, Offer>> {
  const html = await text(`${url}/pricing`);
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(json!) as { "@type": string; offers?: Offer[] };
    if (data["@type"] === "Product") return Object.fromEntries((data.offers ?? []).map((offer) => [offer.name, offer]));
  }
  throw new Error("no Product data on /pricing");
}

/** The prices /pricing's Product data offers, by plan name. */
const offeredPrices = async (url: string) =>
  Object.fromEntries(Object.entries(await offers(url)).map(([name, offer]) => [name, offer.price]));

/** What one credit costs in an offer: its unit price for a quantity of one credit. */
const perCredit = (offer: Offer | undefined) =>
  [offer?.priceSpecification ?? []].flat().find((spec) => spec.referenceQuantity?.unitText === "credit")?.price;

/** The figure a plan's card on /pricing shows as "per credit". */
async function cardPerCredit(url: string, planId: string) {
  const card = textOf(parseHtml(await text(`${url}/pricing`)).querySelector(`[aria-labelledby="plan-${planId}"]`)!);
  // The figure's term comes first in the markup (a <dt> shown under its <dd>).
  return /per credit\s*(\$[\d.]+)/.exec(card)?.[1];
}

/** The status /roadmap shows for an item, by its anchor. */
async function roadmapStatus(url: string, item: RoadmapItem) {
  const html = await text(`${url}/roadmap`);
  const card = html.slice(html.indexOf(`id="${item.id}"`));
  return /(Completed|Planned|Coming Soon)/.exec(card)?.[1];
}

/** The features page's list item for a capability: its label, and its "Planned" badge when it is not available. */
async function featuresLine(url: string, label: string) {
  const html = await text(`${url}/features`);
  const at = html.indexOf(label);
  return at < 0 ? null : html.slice(at, html.indexOf("</li>", at));
}

async function versionOf(url: string, target: string) {
  const html = await (await fetch(`${url}${target}`, { headers: { Cookie: await sessionCookie(url, EDITOR) } })).text();
  return /name="version" value="(\d+)"/.exec(html)![1]!;
}

describe("the roadmap and the plans on PostgreSQL, two instances", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    ({ pg, sql, a, b } = await startTwoInstances({ SECRET_KEY: "r".repeat(40) }, async (databaseUrl) => {
      await addOperator({ DATABASE_URL: databaseUrl }, EDITOR, "editor");
      await addOperator({ DATABASE_URL: databaseUrl }, SALES, "sales");
    }));
  }, 180_000);

  afterAll(() => stopTwoInstances({ pg, sql, a, b }));

  it("imports the roadmap and the plans once, and serves /pricing and /roadmap from the cache with an ETag", async () => {
    const rows = await sql`SELECT collection, version FROM site_content WHERE collection IN ('roadmap', 'plans') ORDER BY collection`;
    expect(rows).toEqual([
      { collection: "plans", version: 1 },
      { collection: "roadmap", version: 1 },
    ]);
    for (const page of ["/pricing", "/roadmap"]) {
      const first = await fetch(`${b.url}${page}`);
      const etag = first.headers.get("etag");
      expect(etag, page).toBeTruthy();
      expect((await fetch(`${b.url}${page}`, { headers: { "If-None-Match": etag! } })).status, page).toBe(304);
    }
  });

  it("a price published on one instance is on /pricing and in its Product data on the other within 5 s, the cost per credit computed from it", async () => {
    expect(await offeredPrices(b.url)).toMatchObject({ Starter: "15.00" });
    expect(await cardPerCredit(b.url, "starter")).toBe("$0.30");
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, PLANS_PATH);
    // No cost per credit is typed: the form has none to type.
    const published = await send(PLANS_PATH, {
      ...plansForm({ "0.price": "19" }),
      intent: "publish",
      version: await versionOf(a.url, PLANS_PATH),
    });
    expect(published.status).toBe(200);
    const started = Date.now();
    await expect.poll(async () => (await offeredPrices(b.url)).Starter, { timeout: 5000, interval: 200 }).toBe("19.00");
    expect(Date.now() - started).toBeLessThan(5000);
    // 19 / 50 credits: the card and the structured data say $0.38, and the other plans keep theirs.
    expect(await cardPerCredit(b.url, "starter")).toBe("$0.38");
    const offered = await offers(b.url);
    expect(Object.fromEntries(Object.entries(offered).map(([name, offer]) => [name, perCredit(offer)]))).toEqual({
      Starter: "0.38",
      Professional: "0.24",
      Agencies: "0.20",
    });
    expect(await text(`${b.url}/pricing`)).toContain("$19.00");
    // The editor, opened on the other instance, reads the published figures in its hint and its computed cost.
    const editor = parseHtml(
      await (await fetch(`${b.url}${PLANS_PATH}`, { headers: { Cookie: await sessionCookie(b.url, EDITOR) } })).text(),
    );
    expect(textOf(editor.querySelector("#field-0-price")!.parentElement!)).toContain("19 reads $19.00");
    expect(textOf(editor.querySelector("#field-0-costPerCredit")!)).toBe("$0.38");
    expect(editor.querySelector('[name="0.costPerCredit"]')).toBeNull();
  });

  it("refuses a plan selling a planned capability, a price with three decimals or no credits, beside the field, and changes nothing", async () => {
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, PLANS_PATH);
    const before = await sql`SELECT published, version FROM site_content WHERE collection = 'plans'`;
    const version = await versionOf(a.url, PLANS_PATH);
    const selling = await send(PLANS_PATH, { ...plansForm(starterSelling(LEMLIST)), intent: "publish", version });
    expect(selling.status).toBe(422);
    expect(await selling.text()).toMatch(
      /id="field-0-features-error"[^>]*>&quot;lemlist outreach platform&quot; is planned on the roadmap/,
    );
    const cents = await send(PLANS_PATH, { ...plansForm({ "1.price": "60.245" }), intent: "publish", version });
    expect(cents.status).toBe(422);
    expect(await cents.text()).toMatch(/id="field-1-price-error"[^>]*>The price has at most two decimals/);
    // The cost per credit is the price over the credits: a plan has at least one.
    const noCredits = await send(PLANS_PATH, { ...plansForm({ "2.credits": "0" }), intent: "publish", version });
    expect(noCredits.status).toBe(422);
    expect(await noCredits.text()).toMatch(/id="field-2-credits-error"[^>]*>A plan includes at least one credit/);
    expect(await sql`SELECT published, version FROM site_content WHERE collection = 'plans'`).toEqual(before);
  });

  it("an item moved to Completed sells its capability on /features, /pricing and /roadmap of the other instance within 5 s", async () => {
    expect(await roadmapStatus(b.url, lemlistItem)).toBe("Planned");
    expect(await featuresLine(b.url, LEMLIST)).toContain("Planned");
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, ROADMAP_PATH);
    const moved = await send(ROADMAP_PATH, {
      ...roadmapForm({ [`${lemlistIndex}.status`]: "completed" }),
      intent: "publish",
      version: await versionOf(a.url, ROADMAP_PATH),
    });
    expect(moved.status).toBe(200);
    const started = Date.now();
    await expect.poll(() => roadmapStatus(b.url, lemlistItem), { timeout: 5000, interval: 200 }).toBe("Completed");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await featuresLine(b.url, LEMLIST)).not.toContain("Planned");

    // Now a plan may sell it, and /pricing lists it.
    const plansSend = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, PLANS_PATH);
    const sold = await plansSend(PLANS_PATH, {
      ...plansForm({ "0.price": "17.5", ...starterSelling(LEMLIST) }),
      intent: "publish",
      version: await versionOf(a.url, PLANS_PATH),
    });
    expect(sold.status).toBe(200);
    await expect.poll(async () => (await text(`${b.url}/pricing`)).includes(LEMLIST), { timeout: 5000, interval: 200 }).toBe(true);

    // Back to planned is refused while Starter sells it, and the reason names the plan.
    const back = await send(ROADMAP_PATH, {
      ...roadmapForm({ [`${lemlistIndex}.status`]: "planned" }),
      intent: "publish",
      version: await versionOf(a.url, ROADMAP_PATH),
    });
    expect(back.status).toBe(422);
    expect(await back.text()).toMatch(
      new RegExp(`id="field-${lemlistIndex}-status-error"[^>]*>The Starter plan sells lemlist outreach platform`),
    );
    expect(await roadmapStatus(b.url, lemlistItem)).toBe("Completed");

    // Put the first content back for the tests after this one: the plan first, then the item.
    await plansSend(PLANS_PATH, { ...plansForm(), intent: "publish", version: await versionOf(a.url, PLANS_PATH) });
    const reverted = await send(ROADMAP_PATH, { ...roadmapForm(), intent: "publish", version: await versionOf(a.url, ROADMAP_PATH) });
    expect(reverted.status).toBe(200);
    await expect.poll(async () => (await featuresLine(b.url, LEMLIST)) ?? "", { timeout: 5000, interval: 200 }).toContain("Planned");
  });

  it("of a plan selling an item and the item leaving Completed, published at the same instant on two instances, one is refused", async () => {
    const sendA = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, PLANS_PATH);
    const sendB = await operatorSession(b.url, EDITOR, OPERATOR_PASSWORD, ROADMAP_PATH);
    const published = async (collection: string) =>
      (await sql`SELECT published FROM site_content WHERE collection = ${collection}`)[0]!.published as unknown[];
    const completed = roadmapForm({ [`${lemlistIndex}.status`]: "completed" });
    for (let round = 0; round < 8; round += 1) {
      // The item completed and no plan selling it: each change alone is allowed.
      await sendB(ROADMAP_PATH, { ...completed, intent: "publish", version: await versionOf(b.url, ROADMAP_PATH) });
      await sendA(PLANS_PATH, { ...plansForm(), intent: "publish", version: await versionOf(a.url, PLANS_PATH) });
      const [plansVersion, roadmapVersion] = [await versionOf(a.url, PLANS_PATH), await versionOf(b.url, ROADMAP_PATH)];
      const [sold, back] = await Promise.all([
        sendA(PLANS_PATH, { ...plansForm(starterSelling(LEMLIST)), intent: "publish", version: plansVersion }),
        sendB(ROADMAP_PATH, { ...roadmapForm(), intent: "publish", version: roadmapVersion }),
      ]);
      expect([sold.status, back.status].sort(), `round ${round}`).toEqual([200, 422]);
      const selling = ((await published("plans")) as { features: { capability?: string }[] }[]).some((plan) =>
        plan.features.some((feature) => feature.capability === "lemlist"),
      );
      const planned = ((await published("roadmap")) as RoadmapItem[]).some(
        (item) => item.capability === "lemlist" && item.status === "planned",
      );
      expect(selling && planned, `round ${round}: a plan sells a planned item`).toBe(false);
    }
    // The first content back: the plan first, then the item.
    await sendA(PLANS_PATH, { ...plansForm(), intent: "publish", version: await versionOf(a.url, PLANS_PATH) });
    await sendB(ROADMAP_PATH, { ...roadmapForm(), intent: "publish", version: await versionOf(b.url, ROADMAP_PATH) });
    await expect.poll(async () => (await featuresLine(a.url, LEMLIST)) ?? "", { timeout: 5000, interval: 200 }).toContain("Planned");
  });

  it("refuses the collections' pages and changes to anonymous visitors, forged and cross-site posts and sales, changing nothing", async () => {
    const before = await sql`SELECT collection, version, published, draft FROM site_content ORDER BY collection`;
    const editorCookie = await sessionCookie(a.url, EDITOR);
    const editorPage = await (await fetch(`${a.url}${PLANS_PATH}`, { headers: { Cookie: editorCookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(editorPage)![1]!;
    const salesCookie = await sessionCookie(a.url, SALES);
    const salesCsrf = /name="csrf" value="([^"]+)"/.exec(
      await (await fetch(`${a.url}/console/account`, { headers: { Cookie: salesCookie } })).text(),
    )![1]!;
    for (const target of [PLANS_PATH, ROADMAP_PATH]) {
      const fields = target === PLANS_PATH ? plansForm({ "0.price": "1" }) : roadmapForm({ [`${lemlistIndex}.status`]: "completed" });
      const post = (cookie: string | undefined, headers: Record<string, string>, token: string) =>
        fetch(`${a.url}${target}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams({ ...fields, csrf: token, intent: "publish", version: "1" }),
        });
      const anonymousPage = await fetch(`${a.url}${target}`, { redirect: "manual" });
      expect(anonymousPage.status, `anonymous GET ${target}`).toBe(302);
      expect(anonymousPage.headers.get("location"), target).toContain("/console/sign-in");
      expect([302, 303, 401, 403], `anonymous POST ${target}`).toContain((await post(undefined, { Origin: a.url }, "x")).status);
      expect((await post(editorCookie, { Origin: a.url }, "forged-token")).status, `forged CSRF ${target}`).toBe(403);
      expect((await post(editorCookie, { Origin: "https://evil.example" }, csrf)).status, `cross-site ${target}`).toBe(403);
      expect((await fetch(`${a.url}${target}`, { headers: { Cookie: salesCookie } })).status, `sales GET ${target}`).toBe(403);
      expect((await post(salesCookie, { Origin: a.url }, salesCsrf)).status, `sales POST ${target}`).toBe(403);
    }
    expect(await sql`SELECT collection, version, published, draft FROM site_content ORDER BY collection`).toEqual(before);
  });

  it("keeps an XSS corpus stored in the plans' and roadmap's text inert on /pricing, /roadmap and /features", async () => {
    const corpus = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)"];
    // Stored as a careless import would, past the form's refusal of markup: the pages must still escape it.
    const plansDoc = plans.map((plan, index) => ({
      ...plan,
      name: `${corpus[index]} ${plan.name}`,
      features: [...plan.features, corpus[(index + 1) % 3]],
    }));
    const roadmapDoc = initialRoadmapItems().map((item, index) => ({
      ...item,
      name: corpus[index % 3]!,
      description: corpus[(index + 1) % 3]!,
    }));
    await sql`UPDATE site_content SET published = ${sql.json(JSON.parse(JSON.stringify(plansDoc)))} WHERE collection = 'plans'`;
    await sql`UPDATE site_content SET published = ${sql.json(roadmapDoc)} WHERE collection = 'roadmap'`;
    await sql`SELECT pg_notify('site_content_changed', '')`;
    await expect.poll(async () => (await text(`${b.url}/roadmap`)).includes("onerror=alert"), { timeout: 5000, interval: 200 }).toBe(true);
    for (const page of ["/pricing", "/roadmap", "/features", "/"]) {
      const html = await text(`${b.url}${page}`);
      expect(html, page).not.toMatch(/<img src=x|<script>alert|href="javascript:/i);
    }
    expect(await text(`${b.url}/pricing`)).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Starter");
    expect(await text(`${b.url}/roadmap`)).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    // The Product data names the plan as text: the script element cannot be closed from inside it.
    expect(Object.keys(await offeredPrices(b.url))[0]).toBe(`${corpus[0]} Starter`);
    await sql`UPDATE site_content SET published = ${sql.json(JSON.parse(JSON.stringify(plans)))} WHERE collection = 'plans'`;
    await sql`UPDATE site_content SET published = ${sql.json(JSON.parse(JSON.stringify(initialRoadmapItems())))} WHERE collection = 'roadmap'`;
    await sql`SELECT pg_notify('site_content_changed', '')`;
  });
});

describe("the roadmap and the plans on PGlite", () => {
  let server: RunningServer;

  beforeAll(async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-roadmap-")), SECRET_KEY: "p".repeat(40) };
    await addOperator(env, EDITOR, "editor");
    server = await startServer(env);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("publishes a price and a roadmap move, live at once on /pricing, its Product data, /features and /roadmap", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, PLANS_PATH);
    expect(
      (
        await send(PLANS_PATH, {
          ...plansForm({ "2.price": "149.99" }),
          intent: "publish",
          version: await versionOf(server.url, PLANS_PATH),
        })
      ).status,
    ).toBe(200);
    await expect.poll(async () => (await offeredPrices(server.url)).Agencies, { timeout: 5000, interval: 200 }).toBe("149.99");
    const moved = await send(ROADMAP_PATH, {
      ...roadmapForm({ [`${lemlistIndex}.status`]: "completed" }),
      intent: "publish",
      version: await versionOf(server.url, ROADMAP_PATH),
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => roadmapStatus(server.url, lemlistItem), { timeout: 5000, interval: 200 }).toBe("Completed");
    expect(await featuresLine(server.url, LEMLIST)).not.toContain("Planned");
  });

  it("publishes an item Planned for over a year and warns the editor beside its status, and only about such items", async () => {
    const items = initialRoadmapItems();
    // The newest planned item, said to have been put on the roadmap in January 2020.
    const stale = items.findLastIndex((item) => item.status === "planned" && item.capability !== "lemlist");
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, ROADMAP_PATH);
    const published = await send(ROADMAP_PATH, {
      ...roadmapForm({ [`${lemlistIndex}.status`]: "completed", [`${stale}.month`]: "2020-01" }),
      intent: "publish",
      version: await versionOf(server.url, ROADMAP_PATH),
    });
    expect(published.status).toBe(200);
    const editor = parseHtml(
      await (await fetch(`${server.url}${ROADMAP_PATH}`, { headers: { Cookie: await sessionCookie(server.url, EDITOR) } })).text(),
    );
    const warning = editor.querySelector(`#${editor.querySelector(`#field-${stale}-status`)?.getAttribute("aria-describedby")}`);
    expect(textOf(warning)).toBe(
      `“${items[stale]!.name}” has been Planned since January 2020, over a year: update its status, or its month if it was planned again since.`,
    );
    // The others warned about are planned items whose month ended more than a year ago; none is completed or recent.
    const today = new Date().toISOString();
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}`;
    for (const other of editor.querySelectorAll("[data-content-warning]")) {
      const item = items.find((candidate) => textOf(other).startsWith(`“${candidate.name}” has been Planned since`));
      expect(item?.status, textOf(other)).toBe("planned");
      expect(item === items[stale] || item!.month < yearAgo, textOf(other)).toBe(true);
    }
    expect(textOf(editor.querySelector("main"))).not.toContain(`“${lemlistItem.name}” has been Planned`);
  });
});
