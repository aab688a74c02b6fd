import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTION_NAMES, initialContent } from "~/features/site-content";
import { startServer, type RunningServer } from "../support/serve-build";
import { XSS_PAYLOADS } from "../support/xss-payloads";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// The testimonials and the home and features sections' copy edited in the browser (docs/decisions/035), against the
// built server on PostgreSQL through the editor's own form: a testimonial added, edited and removed and a heading
// changed, seen on /, /register and /features; refusals beside their field; both URLs refused to anonymous, forged,
// cross-site and `sales` requests with nothing changed; an XSS corpus stored in every text field inert on each page.

const EDITOR = "copy.editor@example.com";
const SALES = "copy.sales@example.com";
const TESTIMONIALS_PATH = "/console/content/testimonials";
const SECTIONS_PATH = "/console/content/sections";
const initial = initialContent();

/** The testimonials' form as app/content has them, the empty slot left empty, with some fields changed. */
function testimonialsForm(over: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  initial.testimonials.forEach((entry, index) => {
    Object.assign(fields, {
      [`${index}.position`]: String(index + 1),
      [`${index}.quote`]: entry.quote,
      [`${index}.name`]: entry.name,
      [`${index}.role`]: entry.role,
      [`${index}.company`]: entry.company,
      [`${index}.image.src`]: entry.image.src,
      [`${index}.image.alt`]: entry.image.alt,
      [`${index}.basis`]: entry.basis,
    });
  });
  return { ...fields, ...over };
}

const sectionIndex = (id: string) => initial.sections.findIndex((section) => section.id === id);

/** The sections' form: every section's heading, intro and card texts the page takes from it. */
function sectionsForm(over: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  initial.sections.forEach((section, index) => {
    if (section.title) fields[`${index}.title`] = section.title;
    if (section.intro) fields[`${index}.intro`] = section.intro;
    section.cards.forEach((card, at) => {
      fields[`${index}.cards.${at}.title`] = card.title;
      if (card.text) fields[`${index}.cards.${at}.text`] = card.text;
    });
  });
  return { ...fields, ...over };
}

const text = async (url: string) => (await fetch(url)).text();

describe("testimonials and section copy on PostgreSQL", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let server: RunningServer;

  /** The version an editor opening the collection's page now would save over. */
  async function versionOf(target: string) {
    const html = await (await fetch(`${server.url}${target}`, { headers: { Cookie: await sessionCookie(server.url, EDITOR) } })).text();
    return /name="version" value="(\d+)"/.exec(html)![1]!;
  }

  const rows = () => sql`SELECT collection, version, published, draft FROM site_content ORDER BY collection`;

  async function putBack() {
    await sql`UPDATE site_content SET published = ${sql.json(JSON.parse(JSON.stringify(initial.testimonials)))}, draft = NULL WHERE collection = 'testimonials'`;
    await sql`UPDATE site_content SET published = ${sql.json(JSON.parse(JSON.stringify(initial.sections)))}, draft = NULL WHERE collection = 'sections'`;
    await sql`SELECT pg_notify('site_content_changed', '')`;
  }

  beforeAll(async () => {
    pg = await createTestDatabase();
    await addOperators({ databaseUrl: pg.url }, [
      { email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" },
      { email: SALES, password: OPERATOR_PASSWORD, role: "sales" },
    ]);
    server = await startServer({ DATABASE_URL: pg.url, SECRET_KEY: "t".repeat(40) });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    // The server imports app/content at its first use of the database: a page asks for it.
    for (let tries = 0; tries < 50; tries += 1) {
      await fetch(`${server.url}/`);
      if ((await sql`SELECT count(*)::int AS n FROM site_content`)[0]!.n === COLLECTION_NAMES.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("refuses both collections to anonymous, forged, cross-site and sales requests, and changes nothing", async () => {
    const before = await rows();
    expect(before.map((row) => row.collection)).toEqual(expect.arrayContaining(["sections", "testimonials"]));
    const editorCookie = await sessionCookie(server.url, EDITOR);
    const salesCookie = await sessionCookie(server.url, SALES);
    const tokenOf = async (cookie: string) =>
      /name="csrf" value="([^"]+)"/.exec(
        await (await fetch(`${server.url}/console/account`, { headers: { Cookie: cookie } })).text(),
      )?.[1] ?? "";
    const editorToken = await tokenOf(editorCookie);
    const salesToken = await tokenOf(salesCookie);
    expect(editorToken).not.toBe("");
    const post = (target: string, cookie: string | undefined, origin: string, fields: Record<string, string>) =>
      fetch(`${server.url}${target}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "publish", version: "1", ...fields }),
      });
    for (const [target, form] of [
      [TESTIMONIALS_PATH, testimonialsForm({ "0.quote": "Forged quote, never to be published on the home page." })],
      [SECTIONS_PATH, sectionsForm({ "0.title": "Forged heading" })],
    ] as const) {
      const anonymousPage = await fetch(`${server.url}${target}`, { redirect: "manual" });
      expect([302, 303], `anonymous GET ${target}`).toContain(anonymousPage.status);
      expect(anonymousPage.headers.get("location")).toMatch(/\/console\/sign-in/);
      const anonymous = await post(target, undefined, server.url, form);
      expect([302, 303, 401, 403], `anonymous POST ${target}`).toContain(anonymous.status);
      if (anonymous.status < 400) expect(anonymous.headers.get("location")).toMatch(/\/console\/sign-in/);
      const forged = await post(target, editorCookie, server.url, { ...form, csrf: "forged-token" });
      expect(forged.status, `forged POST ${target}`).toBe(403);
      const crossSite = await post(target, editorCookie, "https://evil.example", { ...form, csrf: editorToken });
      expect(crossSite.status, `cross-site POST ${target}`).toBe(403);
      const salesPage = await fetch(`${server.url}${target}`, { redirect: "manual", headers: { Cookie: salesCookie } });
      expect(salesPage.status, `sales GET ${target}`).toBe(403);
      expect(await salesPage.text()).not.toContain(initial.testimonials[0]!.quote);
      const sales = await post(target, salesCookie, server.url, { ...form, csrf: salesToken });
      expect(sales.status, `sales POST ${target}`).toBe(403);
    }
    expect(await rows()).toEqual(before);
    expect(await text(`${server.url}/`)).not.toMatch(/Forged (quote|heading)/);
  });

  it("an edited, an added and a removed testimonial and a changed heading are on /, /register and /features at once", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, TESTIMONIALS_PATH);
    const added = "zqadded Our SDRs stopped triaging the inbox; every warm reply is answered before lunch now.";
    const published = await send(TESTIMONIALS_PATH, {
      ...testimonialsForm({
        "0.quote": "zqedited We answer positive replies in minutes now, and the meeting is often booked before I log in.",
        "1.remove": "on",
        "3.quote": added,
        "3.name": "Lena T.",
        "3.role": "Head of Sales",
        "3.company": "Northwind Outbound",
        "3.image.src": "/images/og/replywise.png",
        "3.image.alt": "Lena, smiling, at her desk",
        "3.basis": "early-access",
        "3.position": "1",
        "0.position": "2",
        "2.position": "3",
      }),
      intent: "publish",
      version: await versionOf(TESTIMONIALS_PATH),
    });
    expect(published.status).toBe(200);
    await expect.poll(async () => (await text(`${server.url}/`)).includes("zqadded"), { timeout: 5000, interval: 200 }).toBe(true);
    const home = await text(`${server.url}/`);
    expect(home).not.toContain(initial.testimonials[1]!.quote.slice(0, 40));
    expect(home).toContain("Head of Sales, Northwind Outbound");
    expect(home).toMatch(/<img src="\/images\/og\/replywise.png" alt="Lena, smiling, at her desk"/);
    // The added one is first: /register shows it.
    expect(home.indexOf("zqadded")).toBeLessThan(home.indexOf("zqedited"));
    await expect.poll(async () => (await text(`${server.url}/register`)).includes("zqadded"), { timeout: 5000, interval: 200 }).toBe(true);

    const heading = "Answers while the lead still cares";
    const sectionsPublished = await send(SECTIONS_PATH, {
      ...sectionsForm({
        [`${sectionIndex("home-how-it-works")}.title`]: heading,
        [`${sectionIndex("features-grid")}.cards.2.title`]: "zqcardtitle Auto-Responses",
        [`${sectionIndex("closing")}.title`]: "zqclosing Ready when your leads are?",
      }),
      intent: "publish",
      version: await versionOf(SECTIONS_PATH),
    });
    expect(sectionsPublished.status).toBe(200);
    await expect.poll(async () => (await text(`${server.url}/`)).includes(heading), { timeout: 5000, interval: 200 }).toBe(true);
    const features = await text(`${server.url}/features`);
    expect(features).toContain("zqcardtitle Auto-Responses");
    expect(features).toContain("zqclosing Ready when your leads are?");
    expect(await text(`${server.url}/`)).toContain("zqclosing Ready when your leads are?");
    await putBack();
  });

  it("refuses with the reason beside the field: a heading over its length, a picture without alt text, markup", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, SECTIONS_PATH);
    const before = await rows();
    const hero = sectionIndex("home-hero");
    const long = "Human-Like Inbox Management for every one of your cold email replies";
    const tooLong = await send(SECTIONS_PATH, {
      ...sectionsForm({ [`${hero}.title`]: long }),
      intent: "publish",
      version: await versionOf(SECTIONS_PATH),
    });
    expect(tooLong.status).toBe(422);
    const html = await tooLong.text();
    expect(html).toMatch(
      new RegExp(
        `id="field-${hero}-title-error"[^>]*>At most 60 characters, what search engines show of a title: this one has ${long.length}.`,
      ),
    );
    expect(html).toContain(long);

    const noAlt = await send(TESTIMONIALS_PATH, {
      ...testimonialsForm({ "0.image.src": "/images/og/replywise.png", "0.image.alt": "" }),
      intent: "publish",
      version: await versionOf(TESTIMONIALS_PATH),
    });
    expect(noAlt.status).toBe(422);
    expect(await noAlt.text()).toMatch(/id="field-0-image-alt-error"[^>]*>An image needs its alt text/);

    const markup = await send(TESTIMONIALS_PATH, {
      ...testimonialsForm({ "2.quote": "<script>alert(1)</script> It works great for our whole team." }),
      intent: "save",
      version: await versionOf(TESTIMONIALS_PATH),
    });
    expect(markup.status).toBe(422);
    expect(await markup.text()).toMatch(/id="field-2-quote-error"[^>]*>The quote cannot contain HTML: write it as plain text./);
    expect(await rows()).toEqual(before);
  });

  it("takes a testimonial's photo by its bytes, whatever its name: refused beside the field when not an image, else re-encoded and shown with the name, role and company", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, TESTIMONIALS_PATH);
    const before = await rows();
    const first = initial.testimonials[0]!;
    const form = testimonialsForm({ "0.company": "Acme Outbound", "0.image.alt": "Maya at her desk" });
    const upload = (filename: string, type: string, body: Buffer) => ({ field: "0.picture-upload", filename, type, body });

    // Text named like a picture: refused beside the file field, what was typed kept, nothing stored.
    const fake = await send(
      TESTIMONIALS_PATH,
      { ...form, intent: "publish", version: await versionOf(TESTIMONIALS_PATH) },
      upload("maya.png", "image/png", Buffer.from("<?php echo 'not a picture'; ?>\n".repeat(40))),
    );
    expect(fake.status).toBe(422);
    const refused = await fake.text();
    expect(refused).toMatch(/id="field-0-picture-upload-error"[^>]*>This file is not an image we can read/);
    expect(refused).toContain('value="Acme Outbound"');
    expect(await rows()).toEqual(before);
    expect(await sql`SELECT count(*)::int AS n FROM content_images`).toEqual([{ n: 0 }]);

    // A photo named like a text file, with a camera's metadata: taken, cropped square, written anew as WebP.
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "zqcamera-owner" } })
      .toBuffer();
    // Without its alt text it is not published, but kept: the form shown again holds its path.
    const noAlt = await send(
      TESTIMONIALS_PATH,
      { ...form, "0.image.alt": "", intent: "publish", version: await versionOf(TESTIMONIALS_PATH) },
      upload("notes.txt", "text/plain", photo),
    );
    expect(noAlt.status).toBe(422);
    const kept = await noAlt.text();
    expect(kept).toMatch(/id="field-0-image-alt-error"[^>]*>An image needs its alt text/);
    const src = /id="field-0-image-src"[^>]*value="(\/images\/content\/picture-[0-9a-f]{12}\.webp)"/.exec(kept)?.[1];
    expect(src).toBeDefined();
    const [stored] = await sql<{ file: string; content_type: string; body: Buffer }[]>`SELECT file, content_type, body FROM content_images`;
    expect(`/images/content/${stored!.file}`).toBe(src);
    expect(stored!.content_type).toBe("image/webp");
    const encoded = await sharp(stored!.body).metadata();
    expect([encoded.format, encoded.width, encoded.height, encoded.exif]).toEqual(["webp", 160, 160, undefined]);
    expect(stored!.body.includes("zqcamera-owner")).toBe(false);

    const published = await send(TESTIMONIALS_PATH, {
      ...form,
      "0.image.src": src!,
      intent: "publish",
      version: await versionOf(TESTIMONIALS_PATH),
    });
    expect(published.status).toBe(200);
    await expect.poll(async () => (await text(`${server.url}/`)).includes(src!), { timeout: 5000, interval: 200 }).toBe(true);
    const home = await text(`${server.url}/`);
    expect(home).toMatch(new RegExp(`<img src="${src}" alt="Maya at her desk"`));
    expect(home).toContain(first.name);
    expect(home).toContain(`${first.role}, Acme Outbound`);
    const image = await fetch(`${server.url}${src}`);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    expect(Buffer.from(await image.arrayBuffer()).equals(stored!.body)).toBe(true);
    await putBack();
  });

  it("keeps an XSS corpus stored in every text field inert on /, /register and /features", async () => {
    const corpus = [...XSS_PAYLOADS.slice(0, 20), '" onmouseover="alert(1)', "javascript:alert(1)", "</script><script>alert(1)</script>"];
    const pick = (n: number) => corpus[n % corpus.length]!;
    // Stored as a careless import would, past the form's refusal of markup: the pages must still escape it.
    const testimonials = initial.testimonials.map((entry, index) => ({
      ...entry,
      quote: pick(index * 4),
      name: pick(index * 4 + 1),
      role: pick(index * 4 + 2),
      company: pick(index * 4 + 3),
      image: { src: "javascript:alert(1)", alt: pick(index + 7) },
    }));
    let n = 0;
    const sections = initial.sections.map((section) => ({
      ...section,
      title: pick(n++),
      intro: pick(n++),
      cards: section.cards.map(() => ({ title: pick(n++), text: pick(n++) })),
    }));
    await sql`UPDATE site_content SET published = ${sql.json(testimonials)} WHERE collection = 'testimonials'`;
    await sql`UPDATE site_content SET published = ${sql.json(sections)} WHERE collection = 'sections'`;
    await sql`SELECT pg_notify('site_content_changed', '')`;
    await expect.poll(async () => (await text(`${server.url}/`)).includes("onerror=alert"), { timeout: 5000, interval: 200 }).toBe(true);
    for (const page of ["/", "/register", "/features"]) {
      const html = await text(`${server.url}${page}`);
      expect(html, page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      // Escaped as text: no element or attribute of a payload.
      expect(html, page).not.toMatch(/<img src=x|<svg onload|<script>alert|onmouseover="alert|href="javascript:|src="javascript:/i);
    }
    await putBack();
  });
});
