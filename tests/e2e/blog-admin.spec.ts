import { expect, test, type Page } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import { storeTheme } from "./support/theme";

const CREATED = "Blog post created successfully! In a real implementation, this would be saved to a database.";
const THUMBNAIL_REQUIRED = "Please upload a thumbnail image for the blog post.";
// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function openAdmin(page: Page) {
  await page.goto("/blog-admin");
  // Hydrated: React has attached itself to the form control, so typing reaches the app.
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, "#post-title");
}

async function fillRequired(page: Page, { title = "Handling Not Now Replies", content = "<p>Timing matters.</p>" } = {}) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill("What to answer when a prospect says not now.");
  await page.getByLabel("Content (HTML)").fill(content);
  await page.getByLabel("Author").fill("Jo Writer");
  await page.getByLabel("Category").selectOption("Sales Psychology");
}

test.describe("/blog-admin", () => {
  test("is noindex, shows the demonstration note and both tabs", async ({ page }) => {
    await openAdmin(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("note", { name: "Demonstration" })).toContainText("demonstration only");
    await expect(page.getByRole("note", { name: "Demonstration" })).toContainText("Authentication should be added");
    await expect(page.getByRole("tab", { name: "Editor" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preview" })).toBeVisible();
    await expect(page.getByLabel("Title")).toBeHidden();
    await page.getByRole("tab", { name: "Editor" }).click();
    await expect(page.getByLabel("Title")).toBeVisible();
  });

  test("derives the slug from the title until it is edited", async ({ page }) => {
    await openAdmin(page);
    const slug = page.getByLabel("Slug");
    await page.getByLabel("Title").fill("Hello, World! It's   Friday");
    await expect(slug).toHaveValue("hello-world-its-friday");
    await page.getByLabel("Title").fill("Why Speed-to-Lead Wins: The 5-Minute Rule?");
    await expect(slug).toHaveValue("why-speed-to-lead-wins-the-5-minute-rule");
    await slug.fill("my-own-slug");
    await page.getByLabel("Title").fill("Another title");
    await expect(slug).toHaveValue("my-own-slug");
  });

  test("computes the read time from the content at 200 words a minute", async ({ page }) => {
    await openAdmin(page);
    const readTime = page.getByLabel("Read time");
    await page.getByLabel("Content (HTML)").fill(`<p>${Array.from({ length: 200 }, () => "word").join(" ")}</p>`);
    await expect(readTime).toHaveValue("1 min read");
    await page.getByLabel("Content (HTML)").fill(`<h2>Title</h2><p>${Array.from({ length: 400 }, () => "word").join(" ")}</p>`);
    await expect(readTime).toHaveValue("3 min read");
  });

  test("requires the fields and a thumbnail", async ({ page }) => {
    await openAdmin(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    // The browser's own validation stops the empty form first.
    expect(await page.getByLabel("Title").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    for (const label of ["Title", "Slug", "Excerpt", "Content (HTML)", "Author", "Category"]) {
      await expect(page.getByLabel(label)).toHaveAttribute("required", "");
    }
    await fillRequired(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("alert").filter({ hasText: THUMBNAIL_REQUIRED })).toBeVisible();
    await expect(page.getByLabel("Thumbnail image")).toBeFocused();
    await expect(page.getByText(CREATED)).toHaveCount(0);
  });

  test("shows the success message, then clears it and the form after 5 seconds", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
    await openAdmin(page);
    await fillRequired(page);
    // Stop the clock so only runFor() moves time, however slow the machine is.
    await page.clock.pauseAt(new Date("2026-03-02T10:00:00Z"));
    await page.getByLabel("Thumbnail image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: "Chosen thumbnail" })).toBeVisible();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("status").filter({ hasText: CREATED })).toBeVisible();
    await page.clock.runFor(4_900);
    await expect(page.getByText(CREATED)).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Handling Not Now Replies");
    await page.clock.runFor(200);
    await expect(page.getByText(CREATED)).toHaveCount(0);
    await expect(page.getByLabel("Title")).toHaveValue("");
    await expect(page.getByLabel("Slug")).toHaveValue("");
    await expect(page.getByLabel("Content (HTML)")).toHaveValue("");
    expect(await page.getByLabel("Thumbnail image").evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  });

  test("the preview renders the draft like a post page and refuses scripts", async ({ page }) => {
    await openAdmin(page);
    await fillRequired(page, {
      title: "Preview Safety",
      content:
        '<h2>Section</h2><p>Safe <strong>text</strong>.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
        '<a href="javascript:window.__xss=3">bad link</a><svg onload="window.__xss=4"></svg><p onclick="window.__xss=5">after</p>',
    });
    await page.getByLabel("Tags").fill("one, two");
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    const article = preview.getByRole("article");
    await expect(article.getByRole("heading", { name: "Preview Safety" })).toBeVisible();
    await expect(article.getByRole("heading", { name: "Section" })).toBeVisible();
    await expect(article.getByText("Sales Psychology")).toBeVisible();
    await expect(article.getByText("Jo Writer")).toBeVisible();
    await expect(article.getByText("1 min read")).toBeVisible();
    await expect(article.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["#one", "#two"]);
    await expect(article.getByText("bad link")).toBeVisible();

    const found = await preview.evaluate((root) => ({
      scripts: root.querySelectorAll("script").length,
      handlers: [...root.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name),
      ),
      jsUrls: [...root.querySelectorAll("[href],[src]")].filter((el) =>
        /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
      ).length,
      // The typed <img src=x> stays, but only with attributes that cannot run code.
      typedImages: [...root.querySelectorAll(".prose-content img")].map((img) => img.getAttributeNames().sort()),
      svgs: root.querySelectorAll("svg:not([aria-hidden])").length,
    }));
    expect(found).toEqual({ scripts: 0, handlers: [], jsUrls: 0, typedImages: [["loading", "src"]], svgs: 0 });
    await article.getByText("bad link").click();
    await article.getByText("after").click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test("exports the draft as a post file in the repo's format", async ({ page }) => {
    await openAdmin(page);
    await fillRequired(page, { title: "Exported: A Test Post", content: "<h2>Why</h2>\n<p>Because it matters.</p>" });
    await page.getByLabel("Tags").fill("export, test");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export post file" }).click()]);
    expect(download.suggestedFilename()).toBe("exported-a-test-post.md");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks).toString("utf8");
    const today = new Date().toISOString().slice(0, 10);
    expect(file).toBe(
      [
        "---",
        "id: 7",
        "slug: exported-a-test-post",
        'title: "Exported: A Test Post"',
        'excerpt: "What to answer when a prospect says not now."',
        'category: "Sales Psychology"',
        `date: ${today}`,
        'author: "Jo Writer"',
        "image: /images/blog/exported-a-test-post.webp",
        'readTime: "1 min read"',
        'tags: ["export","test"]',
        "---",
        "",
        "<h2>Why</h2>\n<p>Because it matters.</p>",
        "",
      ].join("\n"),
    );
  });

  test("refuses a slug that an existing post already uses", async ({ page }) => {
    await openAdmin(page);
    await fillRequired(page);
    await page.getByLabel("Slug").fill("why-speed-to-lead-wins-cold-email");
    await page.getByLabel("Thumbnail image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("A post with this slug already exists. Choose another slug.")).toBeVisible();
    await expect(page.getByText(CREATED)).toHaveCount(0);
  });

  test("sends nothing to the server", async ({ page }) => {
    await openAdmin(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") requests.push(`${request.method()} ${request.url()}`);
    });
    await fillRequired(page);
    await page.getByLabel("Thumbnail image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText(CREATED)).toBeVisible();
    expect(requests).toEqual([]);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no axe violations (${theme})`, async ({ page }) => {
      await storeTheme(page, theme);
      await openAdmin(page);
      await expectNoAxeViolations(page);
      await fillRequired(page);
      await page.getByRole("tab", { name: "Preview" }).click();
      await expectNoAxeViolations(page);
    });
  }
});
