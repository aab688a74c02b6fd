import { mkdir, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { expect, signIn, signInToPosts, test, type Operator, uniqueKey } from "../support/browser/console-fixture";
import type { Page } from "../support/browser/test";
import { EDITOR_TIME_ZONE } from "../support/browser/worlds";
import { expectNoAxeViolations } from "../support/browser/axe";
import { switchTheme } from "../support/browser/theme";
import { formatInZone, zonedInputValue } from "~/lib/console/time-zone";

// The blog editor (/console/posts, docs/decisions/023) as an editor uses it, in the browser: write a post, preview it
// privately, publish, change, move, take down and schedule it, and see each step on the public site at once (its pages
// are rendered by the server and cached until a post changes). The journey runs once, on PostgreSQL: the server suites
// publish, schedule and refuse on both databases (tests/blog/blog-publishing.test.ts, blog-editor.test.ts,
// access.test.ts), and who may reach what is answered there too.

const THUMBNAIL_REQUIRED = "Please upload a thumbnail image for the blog post.";
const SLUG_MESSAGE = "The slug may hold only lowercase letters a-z, digits and single hyphens (no slashes, dots or accents).";
/** A post imported on first start, whose slug a new post may not take. */
const EXISTING_SLUG = "why-speed-to-lead-wins-cold-email";

/** A cover as a camera or a designer would hand it over: a real PNG, made here. */
const coverPng = () =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 37, g: 99, b: 235 } } })
    .png()
    .toBuffer();

const unique = uniqueKey;

/** The editor's controls, by their labels. */
const editor = (page: Page) => ({
  title: page.getByLabel("Title"),
  slug: page.getByLabel("Slug"),
  cover: page.getByLabel("Thumbnail image"),
  coverAlt: page.getByLabel("Image description (alt text)"),
  excerpt: page.getByLabel("Excerpt"),
  content: page.getByLabel("Content (Markdown or HTML)"),
  author: page.getByLabel("Author"),
  category: page.getByLabel("Category"),
  readTime: page.getByLabel("Read time"),
  tags: page.getByLabel("Tags"),
  publishAt: page.getByLabel("Publish at"),
  button: (name: string) => page.getByRole("button", { name, exact: true }),
  /** The editor's own answer (the page has other live regions): its status line, or a refused action's error summary. */
  status: (text: string | RegExp) => page.getByRole("status").or(page.locator("[data-error-summary]")).filter({ hasText: text }),
});

/** Clicks one of the editor's buttons and waits for the server's answer to the form. */
async function submit(page: Page, name: string) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && /\/console\//.test(response.url()));
  await editor(page).button(name).click();
  await answered;
}

interface Draft {
  title: string;
  excerpt?: string;
  content?: string;
  author?: string;
  category?: string;
  tags?: string;
}

async function newPost(page: Page) {
  await page.goto("/console/posts/new");
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
}

async function write(page: Page, draft: Draft) {
  const fields = editor(page);
  await fields.title.fill(draft.title);
  await fields.excerpt.fill(draft.excerpt ?? "What to answer when a prospect says not now.");
  await fields.content.fill(draft.content ?? "## Why timing matters\n\nA reply that comes too late is no reply at all.");
  await fields.author.fill(draft.author ?? "Jo Writer");
  await fields.category.selectOption(draft.category ?? "Sales Psychology");
  if (draft.tags) await fields.tags.fill(draft.tags);
}

/** A saved draft: its editor's address. */
async function saveDraft(page: Page, draft: Draft, cover?: { png: Buffer; alt: string }) {
  await newPost(page);
  await write(page, draft);
  if (cover) {
    await editor(page).cover.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover.png });
    await editor(page).coverAlt.fill(cover.alt);
  }
  await editor(page).button("Save draft").click();
  await expect(editor(page).status("Draft saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/console\/posts\/\d+\?done=saved$/);
  return new URL(page.url()).pathname;
}

/** Opens a page the fixture did not make (another tab or browser) and waits for the app to run in it. */
async function openHydrated(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  return page;
}

interface Published {
  slug: string;
  title: string;
  category: string;
  marker: string;
}

/**
 * Where a post shows on the public site, as a reader or a crawler asks for it: its page's status and whether the
 * lists, the search without JavaScript, the search index, the feed and both sitemaps name it.
 */
async function whereShown(request: APIRequestContext, { slug, title, category, marker }: Published) {
  const text = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  return {
    page: (await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status(),
    list: (await text("/blog")).includes(title),
    category: (await text(`/blog/category/${category.toLowerCase().replaceAll(" ", "-")}`)).includes(title),
    search: (await text(`/blog?q=${marker}`)).includes(title),
    searchIndex: (await text("/blog/search-index.json")).includes(`"${slug}"`),
    feed: (await text("/blog/rss.xml")).includes(`/blog/${slug}<`),
    sitemapXml: (await text("/sitemap.xml")).includes(`/blog/${slug}<`),
    sitemapPage: (await text("/sitemap")).includes(`/blog/${slug}"`),
  };
}

/** A post taken down: its page answers 404. */
const NOWHERE = {
  page: 404,
  list: false,
  category: false,
  search: false,
  searchIndex: false,
  feed: false,
  sitemapXml: false,
  sitemapPage: false,
};
/** A post never published: its slug is no post's, and goes to the list (product decision 9). */
const NEVER_SHOWN = { ...NOWHERE, page: 302 };
const EVERYWHERE = {
  page: 200,
  list: true,
  category: true,
  search: true,
  searchIndex: true,
  feed: true,
  sitemapXml: true,
  sitemapPage: true,
};

/** `datetime-local`'s value for an instant, in the console's one time zone (decision 046), whatever the browser's. */
const localInputValue = (at: Date) => zonedInputValue(at, EDITOR_TIME_ZONE);

/** An instant as the editor's page writes it, in the console's zone and naming it. */
const localMinute = (at: Date) => formatInZone(at, EDITOR_TIME_ZONE);

interface JourneyArgs {
  page: Page;
  browser: Browser;
  request: APIRequestContext;
  baseURL: string | undefined;
  editorAccount: Operator;
  admin: Operator;
}

/** The whole life of a post, from the first word to its scheduled return: the journey, step by step. */
async function editorJourney({ page, browser, request, baseURL, editorAccount, admin }: JourneyArgs) {
  const id = unique();
  const marker = `quokka${id}`;
  const title = `Editor Journey ${id}`;
  const slug = `editor-journey-${id}`;
  const category = "Sales Psychology";
  const alt = "A blue square, the journey's cover";
  const fields = editor(page);

  await test.step("sign in as an editor and write a new post with a cover", async () => {
    await signInToPosts(page, editorAccount);
    await page.getByRole("link", { name: "New post" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
    await fields.title.fill(title);
    await expect(fields.slug).toHaveValue(slug);
    await write(page, {
      title,
      excerpt: "How a post travels from a draft to the blog.",
      content: `## The marker section\n\nThe word ${marker} is found in this post only.\n\n- first point\n- second point`,
      category,
      tags: "journey, editor",
    });
    await expect(fields.readTime).toHaveValue("1 min read");
    await fields.cover.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });
    await fields.coverAlt.fill(alt);
    await fields.button("Save draft").click();
    await expect(fields.status("Draft saved.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });
  const editorPath = new URL(page.url()).pathname;
  expect(editorPath).toMatch(/^\/console\/posts\/\d+$/);
  const post: Published = { slug, title, category, marker };

  await test.step("a draft is nowhere on the public site", async () => {
    expect(await whereShown(request, post)).toEqual(NEVER_SHOWN);
  });

  await test.step("the Preview tab shows the post as readers will see it", async () => {
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(preview.getByRole("heading", { name: "The marker section" })).toBeVisible();
    await expect(preview.getByText(`The word ${marker} is found in this post only.`)).toBeVisible();
    await expect(preview.getByRole("listitem").filter({ hasText: "second point" })).toBeVisible();
    await expect(preview.getByRole("img", { name: alt })).toBeVisible();
    await page.getByRole("tab", { name: "Editor" }).click();
    await expect(fields.title).toBeVisible();
  });

  let previewPath = "";
  const reviewer = await browser.newContext({ baseURL });
  try {
    await test.step("a preview link shows the draft to a reviewer without an account, never indexed or stored", async () => {
      await page.getByRole("button", { name: "Make a preview link" }).click();
      await expect(fields.status(/^Preview link made/)).toBeVisible();
      // The address stays on the post's page: a later visit shows it again.
      await page.goto("/console/posts");
      await page.goto(editorPath);
      const address = page.getByRole("textbox", { name: `Address of the preview link by ${editorAccount.email}` });
      previewPath = new URL(await address.inputValue()).pathname;
      expect(previewPath).toMatch(/^\/blog\/preview\/[\w-]{20,}$/);

      const reviewerPage = await reviewer.newPage();
      const response = await reviewerPage.goto(previewPath);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
      expect(response?.headers()["cache-control"]).toMatch(/no-store/);
      await expect(reviewerPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(reviewerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(reviewerPage.getByText(`The word ${marker} is found in this post only.`)).toBeVisible();
      await expect(reviewerPage.getByRole("note")).toContainText("this post is not published");
    });

    await test.step("revoked, the link answers 410 Gone", async () => {
      const links = page.getByRole("region", { name: "Preview links" });
      await links.getByRole("button", { name: "Revoke" }).click();
      await expect(fields.status("Preview link revoked: it now answers 410 Gone.")).toBeVisible();
      await expect(page.getByRole("region", { name: "Preview links" }).getByText("Revoked")).toBeVisible();
      const reviewerPage = reviewer.pages()[0]!;
      expect((await reviewerPage.reload())?.status()).toBe(410);
      expect((await request.get(previewPath)).status()).toBe(410);
    });
  } finally {
    await reviewer.close();
  }

  await test.step("published, the post is on every public list at once", async () => {
    await fields.button("Publish now").click();
    await expect(fields.status("Post published.")).toBeVisible();
    await expect(fields.button("Update post")).toBeVisible();
    expect(await whereShown(request, post)).toEqual(EVERYWHERE);
  });

  await test.step("the blog's search box finds it", async () => {
    await page.goto("/blog");
    await page.getByRole("searchbox", { name: "Search articles" }).fill(marker);
    await page.getByRole("searchbox", { name: "Search articles" }).press("Enter");
    await expect(page).toHaveURL(`/blog?q=${marker}#search`);
    await expect(page.getByRole("main").getByRole("article").getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
  });

  await test.step("the post page shows the post and its cover, which the server serves as images", async () => {
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "The marker section" })).toBeVisible();
    const cover = page.getByRole("article").getByRole("img", { name: alt });
    await expect(cover).toBeVisible();
    // What the browser loaded, and every rendition the <img> and its <picture>'s <source> offer.
    const urls = await cover.evaluate((img: HTMLImageElement) => {
      const sets = [img, ...(img.closest("picture")?.querySelectorAll("source") ?? [])].map(
        (element) => element.getAttribute("srcset") ?? "",
      );
      return [
        img.currentSrc,
        img.getAttribute("src") ?? "",
        ...sets.flatMap((set) => set.split(",").map((entry) => entry.trim().split(/\s+/)[0] ?? "")),
      ];
    });
    const covers = [...new Set(urls.filter(Boolean))];
    expect(covers.length).toBeGreaterThanOrEqual(4);
    for (const url of covers) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"], url).toMatch(/^image\/(avif|webp|jpeg)/);
    }
  });

  const newTitle = `Revised Journey ${id}`;
  await test.step("a new title is live on the post and the list once the post is updated", async () => {
    await page.goto(editorPath);
    await fields.title.fill(newTitle);
    // A published post keeps its address when its title changes: the slug moves only when the editor moves it.
    await expect(fields.slug).toHaveValue(slug);
    await fields.button("Update post").click();
    await expect(fields.status("Post updated: the change is live.")).toBeVisible();
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
    const list = await (await request.get("/blog")).text();
    expect(list).toContain(newTitle);
    expect(list).not.toContain(title);
  });

  const newSlug = `${slug}-moved`;
  await test.step("a new slug moves the post and its old address answers 301 to the new one", async () => {
    await page.goto(editorPath);
    await fields.slug.fill(newSlug);
    await fields.button("Update post").click();
    await expect(fields.status("Post updated: the change is live.")).toBeVisible();
    const old = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(new URL(old.headers().location ?? "", "http://site.invalid").pathname).toBe(`/blog/${newSlug}`);
    expect((await request.get(`/blog/${newSlug}`)).status()).toBe(200);
  });
  const moved: Published = { slug: newSlug, title: newTitle, category, marker };

  await test.step("unpublished, the post is gone from the site, its feed and its sitemaps", async () => {
    await page.goto(editorPath);
    await fields.button("Unpublish").click();
    await expect(fields.status(/^Post unpublished/)).toBeVisible();
    expect(await whereShown(request, moved)).toEqual(NOWHERE);
    expect((await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
  });

  // The next whole minute of the editor's clock (datetime-local holds minutes) that is still at least 20 s ahead once
  // the form is sent: 20 to 80 s of waiting, where a full minute ahead made every run wait 60 to 120 s.
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  await test.step("scheduled, the editor and the list say so", async () => {
    await fields.publishAt.fill(localInputValue(at));
    await fields.button("Schedule").click();
    // Confirmed in the console's zone, as the publishing panel says it.
    await expect(fields.status(`Scheduled for ${localMinute(at)}.`)).toBeVisible();
    await expect(page.getByText(`Scheduled for ${localMinute(at)}`, { exact: true })).toBeVisible();
    await page.goto("/console/posts");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: newTitle }) });
    await expect(row.getByRole("cell").nth(1)).toContainText("Scheduled");
    expect((await request.get(`/blog/${newSlug}`)).status()).toBe(404);
  });

  // 20 to 80 s of waiting: the scheduled job is the same on both databases, and tests/blog/blog-publishing.test.ts
  // runs it on each, across a SIGKILL.
  await test.step("the post goes live at its time, within 60 s of it", async () => {
    let liveAt = 0;
    await expect
      .poll(
        async () => {
          const status = (await request.get(`/blog/${newSlug}`, { maxRedirects: 0 })).status();
          if (status === 200 && !liveAt) liveAt = Date.now();
          return status;
        },
        { timeout: at.getTime() - Date.now() + 60_000, intervals: [1_000] },
      )
      .toBe(200);
    expect(liveAt).toBeGreaterThanOrEqual(at.getTime());
    expect((await request.get("/blog")).ok()).toBe(true);
    expect(await (await request.get("/blog")).text()).toContain(newTitle);
  });

  await test.step("the audit log shows who published, unpublished and scheduled it", async () => {
    const adminContext = await browser.newContext({ baseURL });
    try {
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, admin);
      await adminPage.goto("/console/audit");
      const entries = adminPage.getByRole("list", { name: "Audit log" }).getByRole("listitem");
      const entry = (actor: string, action: string) => entries.filter({ hasText: actor }).filter({ hasText: action });
      await expect(entry("system", "Published a post")).toHaveCount(1);
      await expect(entry(editorAccount.email, "Published a post").first()).toBeVisible();
      await expect(entry(editorAccount.email, "Unpublished a post").first()).toBeVisible();
      await expect(entry(editorAccount.email, "Scheduled a post").first()).toBeVisible();
      // Each line names its post: the title and the address it had then.
      const naming = (actor: string, action: string, title: string, slug: string) =>
        entry(actor, action).filter({ hasText: `“${title}” (/blog/${slug})` });
      await expect(naming(editorAccount.email, "Scheduled a post", newTitle, newSlug)).toHaveCount(1);
      await expect(naming(editorAccount.email, "Unpublished a post", newTitle, newSlug)).toHaveCount(1);
      // "Published a post" is also in "Unpublished a post": the first publication, under the first title, is the one.
      await expect(naming(editorAccount.email, "Published a post", title, slug)).toHaveCount(1);
      await expect(naming("system", "Published a post", newTitle, newSlug)).toHaveCount(1);
      await expect(naming(editorAccount.email, "Preview link made or revoked", title, slug)).toHaveCount(2);
    } finally {
      await adminContext.close();
    }
  });
}

// A time zone away from UTC, so a schedule read in the wrong one misses its minute by hours.
const JOURNEY_TIME_ZONE = "Asia/Kolkata";

test.describe("the editor journey on PostgreSQL", () => {
  test.use({ timezoneId: JOURNEY_TIME_ZONE });
  test("draft, preview link, publish, update, move, unpublish, schedule", async ({ page, browser, request, baseURL, world }) => {
    test.setTimeout(300_000);
    await editorJourney({
      page,
      browser,
      request,
      baseURL,
      editorAccount: world.editor,
      admin: world.operator,
    });
  });
});

test.describe("the editor's messages", () => {
  test.beforeEach(async ({ page, world }) => {
    await signInToPosts(page, world.editor);
  });

  test("as it is written: the slug follows the title, the read time counts, the preview is safe, a 30 MB image is refused unsent", async ({
    page,
  }, testInfo) => {
    await newPost(page);
    const fields = editor(page);
    await test.step("the slug follows the title until it is edited", async () => {
      await fields.title.fill("Hello, World! It's   Friday");
      await expect(fields.slug).toHaveValue("hello-world-its-friday");
      await fields.title.fill("Why Speed-to-Lead Wins: The 5-Minute Rule?");
      await expect(fields.slug).toHaveValue("why-speed-to-lead-wins-the-5-minute-rule");
      await fields.slug.fill("my-own-slug");
      await fields.title.fill("Another title");
      await expect(fields.slug).toHaveValue("my-own-slug");
    });

    await test.step("the read time counts 200 words a minute", async () => {
      await fields.content.fill(Array.from({ length: 200 }, () => "word").join(" "));
      await expect(fields.readTime).toHaveValue("1 min read");
      await fields.content.fill(`## Title\n\n${Array.from({ length: 400 }, () => "word").join(" ")}`);
      await expect(fields.readTime).toHaveValue("3 min read");
    });

    await test.step("a 30 MB image is refused as soon as it is chosen, before anything is sent", async () => {
      const posts: string[] = [];
      page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
      // A sparse file chosen by its path, as a visitor's browser reads it: a 30 MB buffer would cross the protocol as
      // 40 MB of base64, which took 35 s on a loaded machine.
      const huge = testInfo.outputPath("huge.jpg");
      await mkdir(path.dirname(huge), { recursive: true });
      await writeFile(huge, "");
      await truncate(huge, 30 * 1024 * 1024);
      await fields.cover.setInputFiles(huge);
      await expect(page.getByRole("alert").filter({ hasText: "The image is larger than 10 MB." })).toBeVisible();
      await expect(fields.cover).toHaveValue("");
      expect(posts).toEqual([]);
    });

    await test.step("the preview renders the body as the site does and runs none of its scripts", async () => {
      await write(page, {
        title: "Preview Safety",
        content:
          '<h2>Section</h2><p>Safe <strong>text</strong>.</p><img src="/images/x.png" onerror="window.__xss=1"><script>window.__xss=2</script>' +
          '<a href="javascript:window.__xss=3">bad link</a><svg onload="window.__xss=4"></svg><p onclick="window.__xss=5">after</p>',
        tags: "one, two",
      });
      await page.getByRole("tab", { name: "Preview" }).click();
      const article = page.getByRole("tabpanel", { name: "Preview" }).getByRole("article");
      await expect(article.getByRole("heading", { name: "Preview Safety" })).toBeVisible();
      await expect(article.getByRole("heading", { name: "Section" })).toBeVisible();
      await expect(article.getByText("Sales Psychology")).toBeVisible();
      await expect(article.getByText("Jo Writer")).toBeVisible();
      await expect(article.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["#one", "#two"]);
      await expect(article.getByText("bad link")).toBeVisible();
      const found = await article.evaluate((root) => ({
        scripts: root.querySelectorAll("script").length,
        handlers: [...root.querySelectorAll("*")].flatMap((el) =>
          [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name),
        ),
        jsUrls: [...root.querySelectorAll("[href],[src]")].filter((el) =>
          /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
        ).length,
        svgs: root.querySelectorAll("svg:not([aria-hidden])").length,
      }));
      expect(found).toEqual({ scripts: 0, handlers: [], jsUrls: 0, svgs: 0 });
      await article.getByText("bad link").click();
      await article.getByText("after").click();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    });
  });

  test("refused beside the field with what was typed kept: markup in the title, a bad or taken slug; no cover leaves a draft", async ({
    page,
    request,
  }) => {
    await newPost(page);
    const fields = editor(page);
    await test.step("a title with markup is refused, and nothing is saved", async () => {
      await write(page, { title: "A <b>bold</b> claim" });
      await fields.slug.fill("a-bold-claim");
      await fields.button("Save draft").click();
      await expect(fields.status("The draft was not saved. Correct the fields marked below.")).toBeVisible();
      await expect(fields.title).toHaveAccessibleDescription("The title cannot contain HTML: write it as plain text.");
      await expect(fields.title).toHaveValue("A <b>bold</b> claim");
      await expect(page).toHaveURL("/console/posts/new");
    });

    await test.step("a slug with a slash, dots or a look-alike letter is refused", async () => {
      await fields.title.fill("Slug Rules");
      // The last has a Cyrillic а (U+0430) where the Latin a would be.
      for (const slug of ["a/b", "../etc", "rules..again", "slug-rules.html", "slug-rul\u0435s", "\u0430bout-us"]) {
        await fields.slug.fill(slug);
        await submit(page, "Save draft");
        await expect(fields.slug, slug).toHaveAccessibleDescription(SLUG_MESSAGE);
        await expect(page).toHaveURL("/console/posts/new");
        await expect(fields.slug).toHaveValue(slug);
      }
    });

    await test.step("a slug another post has is refused", async () => {
      await fields.slug.fill(EXISTING_SLUG);
      await fields.button("Save draft").click();
      await expect(fields.status(/^Another post already uses this slug\./)).toBeVisible();
      await expect(fields.slug).toHaveAccessibleDescription("Another post already uses this slug.");
      await expect(page).toHaveURL("/console/posts/new");
    });

    await test.step("publishing without a cover asks for one and leaves the post a draft", async () => {
      const id = unique();
      await saveDraft(page, { title: `No Cover ${id}` });
      await fields.button("Publish now").click();
      // Said where the editor is (decision 046): the focus moves to the error summary, announced and in view at the
      // foot of a long form, its first error a link to the cover's field.
      const summary = page.locator("[data-error-summary]");
      await expect(summary).toHaveRole("alert");
      await expect(summary).toContainText("Saved as a draft, not published: a reader would miss what is marked below.");
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await expect(summary.getByRole("link").first()).toHaveText("Thumbnail image");
      await expect(page.getByRole("complementary", { name: "Publishing" })).toContainText("Draft: only the console sees it");
      for (const theme of ["light", "dark"] as const) {
        await switchTheme(page, theme);
        await expectNoAxeViolations(page);
      }
      await expect(fields.cover).toHaveAccessibleDescription(THUMBNAIL_REQUIRED);
      await expect(fields.button("Publish now")).toBeVisible();
      // Never published: its slug is no post's, and goes to the list (product decision 9).
      expect((await request.get(`/blog/no-cover-${id}`, { maxRedirects: 0 })).status()).toBe(302);
    });
  });

  test("a cover that is no image, or an SVG, is refused with what to upload instead, before and after a save; the stored cover shows again", async ({
    page,
  }) => {
    const fields = editor(page);
    const refusals = [
      {
        kind: "a text file named .png",
        file: { name: "cover.png", mimeType: "image/png", buffer: Buffer.from("Not an image at all.\n") },
        message: "This file is not an image we can read.",
      },
      {
        kind: "an SVG",
        file: {
          name: "cover.svg",
          mimeType: "image/svg+xml",
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><script>alert(1)</script></svg>'),
        },
        message: "SVG images are not accepted",
      },
    ];
    for (const { kind, file, message } of refusals) {
      await test.step(`${kind} as a new post's cover`, async () => {
        await newPost(page);
        await write(page, { title: `Cover Check ${unique()}` });
        await fields.cover.setInputFiles(file);
        await fields.coverAlt.fill("A cover");
        await fields.button("Save draft").click();
        await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
        await expect(fields.cover).toHaveAccessibleDescription(new RegExp(`^${message}.*JPEG, PNG, WebP or AVIF`));
        await expect(page).toHaveURL("/console/posts/new");
        // The refused file is neither shown as the cover nor sent again with the next save.
        await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
        await expect(fields.cover).toHaveValue("");
      });
    }
    const path = await saveDraft(page, { title: `Cover Kept ${unique()}` }, { png: await coverPng(), alt: "A blue square" });
    const stored = page.locator('img[src^="/images/blog/"]');
    for (const { kind, file, message } of refusals) {
      await test.step(`${kind} chosen for a saved post's cover`, async () => {
        await expect(stored).toHaveCount(1);
        await fields.cover.setInputFiles(file);
        await expect(page.locator('img[src^="blob:"]')).toHaveCount(1);
        await submit(page, "Save draft");
        await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
        await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
        await expect(stored).toHaveCount(1);
        await expect(fields.cover).toHaveValue("");
        expect(new URL(page.url()).pathname).toBe(path);
      });
    }
  });

  // A browser in another zone than the console's: the schedule still reads and says the console's (decision 046).
  test.describe("in a browser away from the console's time zone", () => {
    test.use({ timezoneId: "America/Los_Angeles" });

    test("a schedule is confirmed in the console's time zone; taken off, the post is a draft that does not go live at its time", async ({
      page,
      request,
      world,
    }) => {
      const title = `Unscheduled ${unique()}`;
      const path = await saveDraft(page, { title }, { png: await coverPng(), alt: "A blue square" });
      const slug = await editor(page).slug.inputValue();
      const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
      await editor(page).publishAt.fill(localInputValue(at));
      await submit(page, "Schedule");
      const local = localMinute(at);
      await expect(editor(page).status(`Scheduled for ${local}.`)).toBeVisible();
      await expect(page.getByText(`Scheduled for ${local}`, { exact: true })).toBeVisible();
      await expect(page.getByText(/UTC/)).toHaveCount(0);

      await submit(page, "Take off the schedule");
      await expect(editor(page).status("Taken off the schedule: the post is a draft again and will not go live.")).toBeVisible();
      await expect(page.getByText("Draft", { exact: true })).toBeVisible();
      await expect(editor(page).button("Take off the schedule")).toHaveCount(0);
      await expect(editor(page).button("Schedule")).toBeVisible();
      await page.goto("/console/posts");
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
      await expect(row.getByRole("cell").nth(1)).toContainText("Draft");

      // Its time comes (the job is made due now): the worker runs it, and the post stays a draft, off the site.
      const id = Number(path.split("/").pop());
      const moved =
        await world.sql`UPDATE outbox SET run_after = now() WHERE kind = 'blog:publish' AND (payload->>'postId')::int = ${id} RETURNING id`;
      expect(moved).toHaveLength(1);
      await expect
        .poll(async () => (await world.sql`SELECT status FROM outbox WHERE id = ${moved[0]!.id as number}`)[0]?.status, { timeout: 15_000 })
        .toBe("sent");
      expect((await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status()).toBe(NEVER_SHOWN.page);
      await page.goto(path);
      await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    });
  });

  test("a draft saves itself after a change, the chosen cover kept; of two editors saving it, the second is told and not stored", async ({
    page,
    context,
  }) => {
    const id = unique();
    const path = await saveDraft(page, { title: `Autosaved ${id}` });
    await page.goto(path);
    const fields = editor(page);
    await fields.cover.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });
    await fields.coverAlt.fill("An autosaved cover");
    await fields.excerpt.fill("Typed, then left alone.");
    await expect(fields.status("Draft saved automatically.")).toBeVisible();
    expect(await fields.cover.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(1);
    await fields.button("Save draft").click();
    await expect(fields.status("Draft saved.")).toBeVisible();
    await page.goto(path);
    await expect(fields.excerpt).toHaveValue("Typed, then left alone.");
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preview" }).getByRole("img", { name: "An autosaved cover" })).toBeVisible();

    await page.goto(path);
    const other = await openHydrated(context, path);
    await fields.title.fill(`First Change ${id}`);
    await fields.button("Save draft").click();
    await expect(fields.status("Draft saved.")).toBeVisible();
    await editor(other).title.fill(`Second Change ${id}`);
    await editor(other).button("Save draft").click();
    await expect(
      editor(other).status(/^Someone else saved this post \(by editor@example\.com\) after you opened it\. Nothing of yours was saved/),
    ).toBeVisible();
    await other.close();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: `First Change ${id}` })).toBeVisible();
    await expect(fields.title).toHaveValue(`First Change ${id}`);
    await page.goto("/console/posts");
    await expect(page.getByRole("link", { name: `First Change ${id}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Second Change ${id}` })).toHaveCount(0);
  });
});

// Who reaches the editor (signed out, an editor and the leads, sales) is answered by the server on both databases:
// tests/console/access.test.ts and console-access.test.ts. axe on the editor and its preview: console.spec.ts.
