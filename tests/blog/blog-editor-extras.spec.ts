import sharp from "sharp";
import { expect, signInToPosts, test, uniqueKey } from "../support/browser/console-fixture";
import type { Page } from "../support/browser/test";

// What decision 023 added to the blog editor, as an editor uses it in the browser: an image uploaded into a post's body
// (where the cursor was, with its description required and a file that is no image refused), the headline, summary and
// link preview image search engines and link previews read, the post chosen to lead /blog, and the newsletter issue's
// email previewed as it is sent.

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const unique = uniqueKey;

/** A post an earlier round imported on first start: older than any post a test publishes. */
const OLDER_POST = "Why Speed-to-Lead Wins Cold Email: The 5-Minute Rule";

const headOf = (page: Page) => ({
  meta: (attribute: "name" | "property", key: string) => page.locator(`meta[${attribute}="${key}"]`).getAttribute("content"),
  jsonLd: async () =>
    JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as Record<string, unknown>,
});

/** The heading of the post /blog shows first, in its large card. */
const featuredOnBlog = async (page: Page) => {
  await page.goto("/blog");
  return page.locator("#featured-post-title").textContent();
};

test.describe("the blog editor's images, search fields, featured post and newsletter preview", () => {
  test("an image uploaded into the body, the search fields in the page's head, the featured post and the issue's preview", async ({
    page,
    world,
  }) => {
    test.setTimeout(180_000);
    const title = `Images in the body ${unique()}`;
    await signInToPosts(page, world.editor);
    await page.goto("/console/posts/new");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Excerpt").fill("What a reply-time chart says about booked meetings, and how to read it.");
    const content = page.getByLabel("Content (Markdown or HTML)");
    await content.fill("First paragraph.\n\nSecond paragraph.");
    await page.getByLabel("Author").fill("Jo Writer");
    await page.getByLabel("Category").selectOption("Tutorials");
    await page
      .getByLabel("Thumbnail image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png(1200, 675, "#2563eb") });
    await page.getByLabel("Image description (alt text)").fill("A blue cover");
    // The defaults show where the fields are empty.
    await expect(page.getByLabel("Headline for search engines")).toHaveAttribute("placeholder", `${title} | Replywise`);
    await expect(page.getByLabel("Summary for search engines")).toHaveAttribute(
      "placeholder",
      "What a reply-time chart says about booked meetings, and how to read it.",
    );

    const image = page.getByLabel("Image to add");
    const alt = page.getByLabel("Alt text for the image");
    const upload = page.getByRole("button", { name: "Upload and insert" });
    // A text file dressed as a PNG is refused by its content, with what to upload instead.
    await image.setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: Buffer.from("Not a picture at all.\n".repeat(30)) });
    await alt.fill("A chart of reply times");
    await upload.click();
    const notAnImage = "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.";
    await expect(page.getByRole("alert").filter({ hasText: notAnImage })).toBeVisible();
    await expect(image).toHaveAccessibleDescription(notAnImage);
    await expect(content).toHaveValue("First paragraph.\n\nSecond paragraph.");
    // Without a description, nothing is uploaded.
    await image.setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: await png(800, 450, "#16a34a") });
    await alt.fill("");
    await upload.click();
    await expect(page.getByRole("alert").filter({ hasText: "Describe the image before uploading it" })).toBeVisible();
    await expect(content).toHaveValue("First paragraph.\n\nSecond paragraph.");
    // Inserted where the cursor was: after the first paragraph.
    await content.focus();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await alt.fill("A chart of reply times");
    await upload.click();
    await expect(page.getByText(/Image added to the content \(800 × 450 px\)/)).toBeVisible();
    await expect(content).toHaveValue(
      /^First paragraph\.\n\n<img src="\/images\/blog\/image-[0-9a-f]{12}\.webp" alt="A chart of reply times" width="800" height="450">\n\nSecond paragraph\.$/,
    );
    await expect(alt).toHaveValue("");

    // The search fields, checked as search engines show them.
    await page.getByLabel("Summary for search engines").fill("Too short.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Write at least 50 characters" })).toBeVisible();
    const headline = `Reply-time charts, read right ${unique()}`;
    const summary = "How a chart of reply times predicts booked meetings, and the three lines on it worth watching every week.";
    await page.getByLabel("Headline for search engines").fill(headline);
    await page.getByLabel("Summary for search engines").fill(summary);
    await page
      .getByLabel("Link preview image")
      .setInputFiles({ name: "social.png", mimeType: "image/png", buffer: await png(1200, 630, "#db2777") });
    const slug = await page.getByLabel("Slug").inputValue();
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/console\/posts\/\d+\?done=saved$/);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post published." })).toBeVisible();

    // The post's page: the image in the body sized and lazy, the head from the search fields.
    await page.goto(`/blog/${slug}`);
    const bodyImage = page.getByRole("img", { name: "A chart of reply times" });
    await expect(bodyImage).toHaveAttribute("width", "800");
    await expect(bodyImage).toHaveAttribute("height", "450");
    await expect(bodyImage).toHaveAttribute("loading", "lazy");
    await bodyImage.scrollIntoViewIfNeeded();
    await expect.poll(() => bodyImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    await expect(page).toHaveTitle(headline);
    const head = headOf(page);
    expect(await head.meta("name", "description")).toBe(summary);
    expect(await head.meta("property", "og:title")).toBe(headline);
    expect(await head.meta("property", "og:description")).toBe(summary);
    const shareImage = (await head.meta("property", "og:image")) ?? "";
    expect(shareImage).toMatch(/\/images\/blog\/cover-[0-9a-f]{12}\.jpg$/);
    const coverShown = (await page.locator("article img").first().getAttribute("src")) ?? "";
    expect(shareImage).not.toContain(coverShown.replace(/\.webp$/, ""));
    const ld = await head.jsonLd();
    expect(ld.description).toBe(summary);
    expect(ld.image).toEqual([shareImage]);

    // Featured: an older post chosen to lead /blog, then the place given back to the newest (this one).
    expect(await featuredOnBlog(page)).toBe(title);
    await page.goto("/console/posts");
    await page.getByRole("link", { name: OLDER_POST }).click();
    await page.getByRole("button", { name: "Feature this post on /blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Featured: /blog shows this post first." })).toBeVisible();
    expect(await featuredOnBlog(page)).toBe(OLDER_POST);
    await page.goto("/console/posts");
    await expect(page.getByRole("row").filter({ hasText: OLDER_POST }).getByText("Featured", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: OLDER_POST }).click();
    await page.getByRole("button", { name: "Stop featuring (show the newest post first)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "No longer featured" })).toBeVisible();
    expect(await featuredOnBlog(page)).toBe(title);

    // The issue its publication drafted, previewed as subscribers will receive it.
    await page.goto("/console/newsletter");
    await page.getByRole("link", { name: title }).click();
    const preview = page.frameLocator('iframe[title^="Preview of the email"]');
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole("link", { name: /unsubscribe/i })).toBeVisible();
    await expect(page.locator('iframe[title^="Preview of the email"]')).toHaveAttribute("sandbox", "");
  });
});

test.describe("the reports", () => {
  // At a phone's width alone (the mobile project's 390 px): at 1280 px the tables have room.
  test(
    "say that the team's own visits are left out, and fit a phone's screen with a cue to scroll",
    { tag: "@phone" },
    async ({ page, world }) => {
      await signInToPosts(page, world.editor);
      await page.goto("/console/reports");
      await expect(page.getByText("Your team's own visits are not counted.")).toBeVisible();
      await expect(page.locator("#own-visits")).toContainText(
        /Today (1 browser is|\d+ browsers are) left out\.|No browser is left out today\./,
      );
      // Nothing on the page is wider than the screen: a wide table scrolls inside its card, and says so.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      const goals = page.getByRole("region", { name: "Goals", exact: true });
      // (or, before any goal is counted, its name in the one line of tables with nothing counted)
      if ((await goals.count()) === 0) await expect(page.locator("#nothing-counted")).toContainText(/\bGoals\b/);
      else await expect(goals.getByText("columns: scroll the table sideways to see them all")).toBeVisible();
    },
  );
});
