import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_IMAGE_ALT_REQUIRED } from "~/features/blog";
import { startServer, type RunningServer } from "../support/serve-build";
import {
  addOperators,
  coverUpload,
  OPERATOR_PASSWORD,
  operatorSession,
  sessionCookie,
  type OperatorPost,
} from "../support/server/operators";

// The editor's additions (decision 023), against the built server on PGlite: images in a post's body, checked like covers
// by their content; the search title, description and social image, checked at the lengths search engines show and
// used in the post page's head; the post featured on /blog; the newsletter issue previewed as it is sent. Each new
// action is refused to a visitor without a session, a forged or cross-site post and the sales role.

const EDITOR = "editor@example.com";
const SALES = "sales@example.com";

const png = (width = 800, height = 450, colour = "#2255aa") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const fields = (slug: string, over: Record<string, string> = {}) => ({
  title: `Editor test ${slug}`,
  slug,
  excerpt: `An excerpt for ${slug}, long enough to stand as a description.`,
  content: "## A heading\n\nThe body.",
  author: "Ann Writer",
  category: "Tutorials",
  tags: "testing",
  coverAlt: "A blue rectangle",
  seoTitle: "",
  seoDescription: "",
  ...over,
});

/** The HTML's text as a browser reads it: entities decoded. */
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const metaOf = (html: string, attribute: "name" | "property", key: string) =>
  decoded(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? "");

const featuredSlug = (html: string) => /id="featured-post-title"[\s\S]*?href="\/blog\/([^"]+)"/.exec(html)?.[1];

describe("the blog editor's images, search fields, featured post and newsletter preview", () => {
  let server: RunningServer;
  let send: OperatorPost;

  async function createPost(slug: string, over: Record<string, string> = {}) {
    const created = await send("/console/posts/new", { ...fields(slug, over), intent: "save" }, coverUpload(await png()));
    expect(created.status).toBe(303);
    return created.headers.get("location")!.replace(/\?.*$/, "");
  }

  async function publish(editorPath: string, slug: string, over: Record<string, string> = {}) {
    const published = await send(editorPath, { ...fields(slug, over), intent: "publish", version: "1" });
    expect(decoded(await published.text())).toContain("Post published.");
  }

  /** The version the editor's page holds now (every change makes a new one). */
  async function versionOf(editorPath: string, cookie: string) {
    const html = await (await fetch(`${server.url}${editorPath}`, { headers: { Cookie: cookie } })).text();
    return /name="version" value="(\d+)"/.exec(html)?.[1] ?? "";
  }

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-editor-"));
    await addOperators({ dataDir }, [
      { email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" },
      { email: SALES, password: OPERATOR_PASSWORD, role: "sales" },
    ]);
    server = await startServer({ DATA_DIR: dataDir, SECRET_KEY: "e".repeat(40) });
    send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, "/console/posts/new");
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("adds an uploaded image to the body with its size and description, and refuses one without a description or that is no image", async () => {
    const image = (body: Buffer, filename = "photo.png") => ({ field: "bodyImage", filename, type: "image/png", body });
    const typed = fields("body-image-draft", { content: "First paragraph." });

    const added = await send(
      "/console/posts/new",
      { ...typed, intent: "body-image", bodyImageAlt: "A chart of replies" },
      image(await png(1600, 900)),
    );
    expect(added.status).toBe(200);
    const html = decoded(await added.text());
    // Stored at most 1200 px wide, its aspect kept; appended to what was typed (a page without JavaScript shows it again).
    const tag = /<img src="(\/images\/blog\/image-[0-9a-f]{12}\.webp)" alt="A chart of replies" width="1200" height="675">/.exec(html);
    expect(tag, "the tag in the content").not.toBeNull();
    expect(html).toContain(`First paragraph.\n\n${tag![0]}`);
    const file = await fetch(`${server.url}${tag![1]}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(1200);

    // A text file named and typed as a PNG is judged by its bytes.
    const fake = await send(
      "/console/posts/new",
      { ...typed, intent: "body-image", bodyImageAlt: "A chart" },
      image(Buffer.from("This is a text file, not a picture.\n".repeat(20))),
    );
    expect(fake.status).toBe(422);
    expect(decoded(await fake.text())).toContain("This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.");

    const svg = await send(
      "/console/posts/new",
      { ...typed, intent: "body-image", bodyImageAlt: "A drawing" },
      image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>'), "x.png"),
    );
    expect(svg.status).toBe(422);
    expect(decoded(await svg.text())).toContain("SVG images are not accepted");

    const undescribed = await send("/console/posts/new", { ...typed, intent: "body-image", bodyImageAlt: "   " }, image(await png()));
    expect(undescribed.status).toBe(422);
    expect(decoded(await undescribed.text())).toContain(BODY_IMAGE_ALT_REQUIRED);

    // Nothing was saved by an upload: no draft was made.
    const list = await (
      await fetch(`${server.url}/console/posts`, { headers: { Cookie: await sessionCookie(server.url, EDITOR) } })
    ).text();
    expect(list).not.toContain("body-image-draft");
  });

  it("renders a body image with its size, lazily, and refuses a body image without a description", async () => {
    const editorPath = await createPost("post-with-an-image");
    const upload = await send(
      editorPath,
      { ...fields("post-with-an-image"), intent: "body-image", bodyImageAlt: 'A "quoted" <chart>' },
      { field: "bodyImage", filename: "chart.png", type: "image/png", body: await png(600, 400) },
    );
    const tag =
      /<img src="\/images\/blog\/image-[0-9a-f]{12}\.webp" alt="A &quot;quoted&quot; &lt;chart&gt;" width="600" height="400">/.exec(
        decoded(await upload.text()),
      )?.[0];
    expect(tag, "the escaped tag").toBeDefined();

    const bare = await send(editorPath, {
      ...fields("post-with-an-image", { content: '<img src="/images/blog/x.webp">' }),
      intent: "save",
      version: "1",
    });
    expect(bare.status).toBe(422);
    expect(decoded(await bare.text())).toContain("Every image in the content needs a description (alt text)");

    await publish(editorPath, "post-with-an-image", { content: `Before.\n\n${tag}\n\nAfter.` });
    const page = await (await fetch(`${server.url}/blog/post-with-an-image`)).text();
    const shown = /<img src="\/images\/blog\/image-[0-9a-f]{12}\.webp"[^>]*>/.exec(page)?.[0] ?? "";
    expect(shown).toContain('alt="A &quot;quoted&quot; &lt;chart&gt;"');
    expect(shown).toContain('width="600"');
    expect(shown).toContain('height="400"');
    expect(shown).toContain('loading="lazy"');
  });

  it("checks the search title and description at the lengths search engines show, and uses them and the social image in the head", async () => {
    const slug = "search-fields";
    const editorPath = await createPost(slug);
    const long = await send(editorPath, { ...fields(slug, { seoTitle: "T".repeat(61) }), intent: "save", version: "1" });
    expect(long.status).toBe(422);
    expect(decoded(await long.text())).toContain("The headline for search engines must be at most 60 characters.");
    const short = await send(editorPath, { ...fields(slug, { seoDescription: "Too short to be kept." }), intent: "save", version: "1" });
    expect(short.status).toBe(422);
    expect(decoded(await short.text())).toContain("Write at least 50 characters, or leave it empty to use the excerpt");
    const tooLong = await send(editorPath, { ...fields(slug, { seoDescription: "D".repeat(161) }), intent: "save", version: "1" });
    expect(tooLong.status).toBe(422);

    // Without them: the title with the site's name, the excerpt, the cover.
    await publish(editorPath, slug);
    const plain = await (await fetch(`${server.url}/blog/${slug}`)).text();
    expect(decoded(/<title>([^<]*)<\/title>/.exec(plain)?.[1] ?? "")).toBe(`Editor test ${slug} | Replywise`);
    expect(metaOf(plain, "name", "description")).toBe(fields(slug).excerpt);
    const coverImage = metaOf(plain, "property", "og:image");
    expect(coverImage).toMatch(/\/images\/blog\/cover-[0-9a-f]{12}\.jpg$/);

    const seoTitle = "Speed to lead: the five-minute rule, tested";
    const seoDescription = "What happens to booked meetings when every reply is answered within five minutes, from 1,200 threads.";
    const cookie = await sessionCookie(server.url, EDITOR);
    const saved = await send(
      editorPath,
      { ...fields(slug, { seoTitle, seoDescription }), intent: "save", version: await versionOf(editorPath, cookie) },
      { field: "socialImage", filename: "social.png", type: "image/png", body: await png(1200, 630, "#aa2255") },
    );
    expect(decoded(await saved.text())).toContain("Post updated: the change is live.");
    const page = await (await fetch(`${server.url}/blog/${slug}`)).text();
    expect(decoded(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "")).toBe(seoTitle);
    expect(metaOf(page, "name", "description")).toBe(seoDescription);
    expect(metaOf(page, "property", "og:title")).toBe(seoTitle);
    expect(metaOf(page, "property", "og:description")).toBe(seoDescription);
    expect(metaOf(page, "name", "twitter:description")).toBe(seoDescription);
    const socialImage = metaOf(page, "property", "og:image");
    expect(socialImage).toMatch(/\/images\/blog\/cover-[0-9a-f]{12}\.jpg$/);
    expect(socialImage).not.toBe(coverImage);
    expect((await fetch(socialImage.replace(/^https?:\/\/[^/]+/, server.url))).status).toBe(200);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "{}") as Record<string, unknown>;
    expect(ld.description).toBe(seoDescription);
    expect(ld.image).toEqual([socialImage]);
  });

  it("features the chosen post on /blog, one at a time, and gives the place back to the newest", async () => {
    const older = await createPost("featured-older");
    await publish(older, "featured-older");
    const newer = await createPost("featured-newer");
    await publish(newer, "featured-newer");
    const blog = async () => featuredSlug(await (await fetch(`${server.url}/blog`)).text());
    const cookie = await sessionCookie(server.url, EDITOR);
    expect(await blog()).toBe("featured-newer");

    const chosen = await send(older, { intent: "feature", version: await versionOf(older, cookie) });
    expect(decoded(await chosen.text())).toContain("Featured: /blog shows this post first.");
    expect(await blog()).toBe("featured-older");

    await send(newer, { intent: "feature", version: await versionOf(newer, cookie) });
    expect(await blog()).toBe("featured-newer");
    const list = await (await fetch(`${server.url}/console/posts`, { headers: { Cookie: cookie } })).text();
    expect(list.match(/>Featured</g)).toHaveLength(1);

    await send(newer, { intent: "unfeature", version: await versionOf(newer, cookie) });
    expect(await blog()).toBe("featured-newer");
    await send(older, { intent: "feature", version: await versionOf(older, cookie) });
    await send(older, { intent: "unfeature", version: await versionOf(older, cookie) });
    expect(await blog()).toBe("featured-newer");

    // A draft cannot take the place.
    const draft = await createPost("featured-draft");
    const refused = await send(draft, { intent: "feature", version: "1" });
    expect(refused.status).toBe(409);
    expect(await blog()).toBe("featured-newer");
  });

  it("previews the newsletter issue's email as it is sent, in a sandboxed frame", async () => {
    const cookie = await sessionCookie(server.url, EDITOR);
    const issues = await (await fetch(`${server.url}/console/newsletter`, { headers: { Cookie: cookie } })).text();
    const id = /href="\/console\/newsletter\/(\d+)"/.exec(issues)?.[1];
    expect(id, "a draft issue from a publication").toBeDefined();
    const page = await (await fetch(`${server.url}/console/newsletter/${id}`, { headers: { Cookie: cookie } })).text();
    const frame = /<iframe title="Preview of the email: ([^"]*)" srcDoc="([^"]*)" sandbox=""/i.exec(page);
    expect(frame, "the preview frame").not.toBeNull();
    const email = decoded(frame![2]!);
    expect(email).toMatch(/^<!DOCTYPE html/i);
    expect(email).toContain("Unsubscribe");
    expect(email).toContain("/newsletter/unsubscribe");
    expect(email).not.toContain("<script");
  });

  it("refuses every new action to a visitor without a session, a forged or cross-site post, and the sales role", async () => {
    const editorCookie = await sessionCookie(server.url, EDITOR);
    const editorPage = await (await fetch(`${server.url}/console/posts/new`, { headers: { Cookie: editorCookie } })).text();
    const token = /name="csrf" value="([^"]+)"/.exec(editorPage)![1]!;
    const salesCookie = await sessionCookie(server.url, SALES);
    expect(salesCookie).not.toBe("");
    const salesToken = /name="csrf" value="([^"]+)"/.exec(
      await (await fetch(`${server.url}/console/account`, { headers: { Cookie: salesCookie } })).text(),
    )![1]!;
    const target = await createPost("access-target");
    await publish(target, "access-target");
    const version = await versionOf(target, editorCookie);
    const image = await png();

    const actions: [string, Record<string, string>][] = [
      ["/console/posts/new", { intent: "body-image", bodyImageAlt: "An image" }],
      [target, { intent: "body-image", bodyImageAlt: "An image" }],
      [target, { intent: "feature", version }],
      [target, { intent: "unfeature", version }],
      [target, { ...fields("access-target", { seoTitle: "Forged title" }), intent: "save", version }],
    ];
    const post = (url: string, body: Record<string, string>, headers: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) form.set(name, value);
      form.set("bodyImage", new Blob([new Uint8Array(image)], { type: "image/png" }), "x.png");
      return fetch(`${server.url}${url}`, { method: "POST", redirect: "manual", headers, body: form });
    };
    for (const [url, body] of actions) {
      const what = `${body.intent} at ${url}`;
      const anonymous = await post(url, body, { Origin: server.url });
      if (anonymous.status !== 401) expect(anonymous.headers.get("location"), `anonymous ${what}`).toMatch(/\/console\/sign-in/);
      expect(
        (await post(url, { ...body, csrf: "forged" }, { Cookie: editorCookie, Origin: server.url })).status,
        `forged token ${what}`,
      ).toBe(403);
      expect((await post(url, body, { Cookie: editorCookie, Origin: server.url })).status, `no token ${what}`).toBe(403);
      expect(
        (await post(url, { ...body, csrf: token }, { Cookie: editorCookie, Origin: "https://evil.example" })).status,
        `cross-site ${what}`,
      ).toBe(403);
      expect((await post(url, { ...body, csrf: salesToken }, { Cookie: salesCookie, Origin: server.url })).status, `sales ${what}`).toBe(
        403,
      );
    }
    // Nothing changed: the post is not featured, its search title is not the forged one, no image was stored for them.
    const list = await (await fetch(`${server.url}/console/posts`, { headers: { Cookie: editorCookie } })).text();
    expect(list).toContain("access-target");
    expect(list).not.toMatch(/>Featured</);
    expect(await (await fetch(`${server.url}/blog/access-target`)).text()).not.toContain("Forged title");

    // The newsletter issue's page (with its preview): sign-in for a visitor, 403 for sales.
    const anonymous = await fetch(`${server.url}/console/newsletter/1`, { redirect: "manual" });
    expect(anonymous.headers.get("location")).toMatch(/\/console\/sign-in/);
    const sales = await fetch(`${server.url}/console/newsletter/1`, { headers: { Cookie: salesCookie } });
    expect(sales.status).toBe(403);
    expect(await sales.text()).not.toMatch(/srcdoc/i);
  });
});
