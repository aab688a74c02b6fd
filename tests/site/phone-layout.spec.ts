import { readdirSync } from "node:fs";
import { expect, test } from "../support/browser/test";
import { expectScenesFit } from "../support/browser/scenes";

// What only a phone's width shows (390 px, the mobile project alone): the pages' parts fit the screen, and what is laid
// out differently there is still whole and in order. One visit per page; at 1280 px these pages have room to spare.

const firstPost = readdirSync("app/content/blog")
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))[0]!;

test("at a phone's width each page's parts fit, stay whole and in order", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(90_000);
  await test.step("/: sections far below the fold wait to be rendered, yet a link to one lands on it and scrolling shows each", async () => {
    await page.goto("/");
    const skipped = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll("main > section")].filter(
            (section) => !section.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }),
          ).length,
      );
    // The browser decides what is near the screen at its first rendering update after the load.
    await expect.poll(skipped).toBeGreaterThan(0);
    await page.goto("/#faq");
    await expect(page.getByRole("heading", { level: 2, name: "Frequently Asked Questions" })).toBeInViewport();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(page.getByRole("contentinfo").getByRole("link").last()).toBeInViewport();
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector("footer")!.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })),
      )
      .toBe(true);
  });

  await test.step("/: the product scenes fit, and every footer link shows whole without the page scrolling sideways", async () => {
    await page.getByRole("region", { name: "How It Works" }).scrollIntoViewIfNeeded();
    await expectScenesFit(page);
    const width = page.viewportSize()!.width;
    const footer = page.getByRole("contentinfo");
    for (const link of await footer.getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });

  await test.step("/features: the product scenes fit", async () => {
    await page.goto("/features");
    await expectScenesFit(page);
  });

  await test.step("/pricing: each larger plan's 'Everything in …, plus' shows above the list it introduces", async () => {
    await page.goto("/pricing");
    for (const name of ["Professional", "Agencies"]) {
      const card = page.getByRole("group", { name });
      const line = (await card.getByText(/^Everything in /).boundingBox())!;
      expect(line.y, name).toBeLessThan((await card.getByRole("list").boundingBox())!.y);
    }
  });

  // Stretched beside a title that wraps, a thumbnail's frame left an empty band under its image.
  await test.step("a post: Recent Articles thumbnails are as tall as their images, whatever the title's length", async () => {
    await page.goto(`/blog/${firstPost}`);
    const thumbnails = page.getByRole("complementary", { name: "Recent Articles" }).getByRole("listitem").locator("img");
    expect(await thumbnails.count()).toBeGreaterThan(0);
    for (const image of await thumbnails.all()) {
      const gap = await image.evaluate((img) => {
        const frame = img.closest("li > div")!.getBoundingClientRect();
        return frame.bottom - img.getBoundingClientRect().bottom;
      });
      // The frame's 1 px border, no more.
      expect(gap).toBeLessThanOrEqual(1.5);
    }
  });

  // At 390 px the dialog sat 1 rem from the screen's edges and read as touching them.
  await test.step("/roadmap: the feature request dialog keeps a clear margin on every side, and scrolls to its last line", async () => {
    await page.goto("/roadmap");
    await page.getByRole("link", { name: "Request Feature" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Feature" });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    const { width, height } = page.viewportSize()!;
    for (const margin of [box.x, box.y, width - box.x - box.width, height - box.y - box.height]) expect(margin).toBeGreaterThanOrEqual(20);
    await dialog.evaluate((node) => node.scrollTo(0, node.scrollHeight));
    await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeInViewport();
  });
});
