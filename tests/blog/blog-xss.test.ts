import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { XSS_PAYLOADS } from "../support/xss-payloads";
import { addOperator, coverUpload, OPERATOR_PASSWORD, operatorSession } from "../support/server/operators";

// An editor's words can never run in a reader's browser: every known XSS payload, in every field of the editor, is
// either refused with a message (and nothing stored) or stored and inert on every page that shows the post and in the
// feed. Against the built server on PGlite, through the editor's own form.

const EDITOR = "xss.editor@example.com";
const SLUG = "xss-corpus-post";
/** Plain text that would break out of an attribute or a URL if it were not escaped: the text fields accept it. */
const PLAIN_BREAKOUTS = ['" onmouseover="alert(1)', "' autofocus onfocus='alert(1)", "javascript:alert(1)"];
/** Closes the feed's CDATA section if the feed did not split it: in the content, which may hold markup. */
const CDATA_BREAKOUT = "]]></content:encoded><x>";

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };

function elements(html: string): Node[] {
  const all: Node[] = [];
  const walk = (node: Node) => {
    if (node.attribs) all.push(node);
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(html) as unknown as Node);
  return all;
}

/** What would run: an event handler, a script URL, a script the page does not always carry. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const element of elements(html)) {
    for (const [name, value] of Object.entries(element.attribs ?? {})) {
      if (/^on/i.test(name)) found.push(`<${element.name} ${name}>`);
      // A browser ignores whitespace and control characters inside a URL's scheme.
      const scheme = [...value].filter((char) => char.charCodeAt(0) > 32).join("");
      if (/^(javascript|vbscript|data):/i.test(scheme) && name !== "content") found.push(`<${element.name} ${name}="${value}">`);
    }
    if (["iframe", "object", "embed", "base", "math", "style", "link"].includes(element.name ?? "") && element.attribs)
      if (!(element.name === "link" && !/javascript/i.test(element.attribs.href ?? ""))) found.push(`<${element.name}>`);
    if (element.name === "script") {
      const text = (element.children ?? []).map((child) => child.data ?? "").join("");
      // A payload's own script element (the page's scripts carry the post only as JSON data, where the text is inert).
      if (/^\s*alert\(/.test(text) || element.attribs?.src?.includes("evil")) found.push(`<script>${text.slice(0, 40)}`);
    }
  }
  return found;
}

describe("an XSS corpus in every field of the editor", () => {
  let server: RunningServer;
  let send: (target: string, fields: Record<string, string>, withCover?: boolean) => Promise<Response>;
  let postPath: string;
  const fields = {
    title: "XSS corpus",
    slug: SLUG,
    excerpt: "Known payloads, all of them inert.",
    content: "## Payloads\n\nEach below must be inert.",
    author: "Ann Writer",
    category: "Tutorials",
    tags: "security",
    coverAlt: "A cover",
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-xss-"));
    // PGlite lets one process in: the account is made before the server opens the folder.
    await addOperator({ DATA_DIR: dataDir }, EDITOR, "editor");
    server = await startServer({ DATA_DIR: dataDir });
    const post = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, "/console/posts/new");
    const cover = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#a33" } })
      .png()
      .toBuffer();
    send = (target, values, withCover = false) => post(target, values, withCover ? coverUpload(cover) : undefined);
    const created = await send("/console/posts/new", { ...fields, intent: "save" }, true);
    expect(created.status).toBe(303);
    postPath = created.headers.get("location")!.replace(/\?.*$/, "");
  }, 180_000);
  afterAll(() => server?.stop());

  it("refuses markup in the title, excerpt, author, tags and image description, and stores nothing of it", async () => {
    for (const field of ["title", "excerpt", "author", "tags", "coverAlt"]) {
      for (const payload of XSS_PAYLOADS.filter((payload) => payload.includes("<")).slice(0, 12)) {
        const response = await send(postPath, { ...fields, [field]: payload, intent: "save", version: "1" });
        expect(response.status, `${field}: ${payload}`).toBe(422);
        const page = await response.text();
        expect(page, field).toContain("Nothing was saved.");
        expect(page, field).toMatch(/cannot contain HTML|must be at most/);
      }
    }
    const editor = await (await send(postPath, { ...fields, intent: "save", version: "1" })).text();
    expect(editor).toContain("Draft saved.");
  });

  it("accepts an image of this site in the content however the editor quotes it, and still refuses another host's", async () => {
    const own = [
      '<img src="/images/blog/xss-corpus-post.webp" alt="Ours">',
      "<img src='/images/blog/xss-corpus-post.webp' alt='Ours'>",
      "<img src=/images/blog/xss-corpus-post.webp alt=Ours>",
      '<img alt="Ours" src = "/images/blog/xss-corpus-post.webp">',
      "![Ours](/images/blog/xss-corpus-post.webp)",
      "![Ours](</images/blog/xss-corpus-post.webp>)",
    ];
    for (const [index, image] of own.entries()) {
      const response = await send("/console/posts/new", { ...fields, slug: `own-image-${index}`, content: image, intent: "save" }, true);
      expect(response.status, image).toBe(303);
    }
    for (const image of [
      '<img src="https://evil.example/images/x.png">',
      '<img src="//evil.example/images/x.png">',
      "![x](https://evil.example/x.png)",
    ]) {
      const response = await send("/console/posts/new", { ...fields, slug: "foreign-image", content: image, intent: "save" }, true);
      expect(response.status, image).toBe(422);
      expect(await response.text()).toContain("Images in the content must be files on this site");
    }
  });

  it("keeps every payload in the content inert, or refuses it with a message, on every page and in the feed", async () => {
    let version = 2;
    const kept: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const response = await send(postPath, {
        ...fields,
        content: `${fields.content}\n\n${payload}`,
        intent: "save",
        version: String(version),
      });
      if (response.status === 422) {
        expect(await response.text()).toContain("Images in the content must be files on this site");
        continue;
      }
      expect(response.status, payload).toBe(200);
      version += 1;
      kept.push(payload);
    }
    expect(kept.length).toBeGreaterThan(XSS_PAYLOADS.length / 2);
    // Every kept payload at once, with the attribute and CDATA break-outs in the plain fields.
    const all = {
      ...fields,
      title: `XSS corpus ${PLAIN_BREAKOUTS[0]}`,
      excerpt: PLAIN_BREAKOUTS.join(" "),
      author: PLAIN_BREAKOUTS[1]!,
      tags: PLAIN_BREAKOUTS[2]!,
      coverAlt: PLAIN_BREAKOUTS[0]!,
      content: `${fields.content}\n\n${kept.join("\n\n")}\n\n${CDATA_BREAKOUT}`,
    };
    const published = await send(postPath, { ...all, intent: "publish", version: String(version) });
    expect(await published.text()).toContain("Post published.");

    const pages = [`/blog/${SLUG}`, "/blog", "/blog/category/tutorials", "/blog?q=corpus", "/", "/sitemap"];
    for (const page of pages) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).toContain("XSS corpus");
      expect(dangers(html), page).toEqual([]);
    }

    const feed = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    const item = feed.slice(feed.indexOf("XSS corpus") - 200);
    const body = /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(item)?.[1] ?? "";
    expect(body).toContain("Payloads");
    expect(dangers(body)).toEqual([]);
    // The plain fields are escaped text in the XML: no element of theirs.
    expect(feed).not.toContain("<x>");
    expect(parseDocument(feed, { xmlMode: true }).children.length).toBeGreaterThan(0);

    const index = await (await fetch(`${server.url}/blog/search-index.json`)).text();
    expect(index).not.toMatch(/<script|onerror=/i);
  });
});
