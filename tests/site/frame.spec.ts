import { expect, test, type Page } from "../support/browser/test";
import { footerGroups, headerActions, headerLinks, type NavLink } from "~/content/nav";
import { htmlThemeClass, storeTheme } from "../support/browser/theme";

// The frame every page shares, as a browser runs it: the header and its menu, the footer's links, the theme, the first
// paint and the error pages. Where each link points, the footer's groups and its words are read from the served HTML
// (tests/site/pages.test.ts).

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu;
}

// The header is laid out differently at each width (the menu on a phone), so it runs in both projects.
test(
  "the header turns compact as the page scrolls, is skipped by keyboard, and each link (the logo too) reaches its page",
  { tag: "@mobile" },
  async ({ page }) => {
    await page.goto("/");
    await test.step("compact past 50 px of scroll and back at the top, without moving the page", async () => {
      await page.evaluate(() => (document.body.style.minHeight = "4000px"));
      const header = page.getByRole("banner");
      const mainTop = () => page.locator("main").evaluate((main) => main.getBoundingClientRect().top + window.scrollY);
      const restingTop = await mainTop();
      await expect(header).toHaveAttribute("data-compact", "false");
      await page.evaluate(() => window.scrollTo(0, 51));
      await expect(header).toHaveAttribute("data-compact", "true");
      await expect(header).toHaveCSS("backdrop-filter", /blur/);
      await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(60);
      expect(await mainTop()).toBe(restingTop);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(header).toHaveAttribute("data-compact", "false");
    });
    await test.step("a skip link is the first stop of the keyboard and lands on the main content", async () => {
      await page.goto("/features");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main")).toBeFocused();
    });
    // One visit, each link followed from the page the one before it reached: the header is the same on every page.
    for (const link of [...headerLinks, headerActions.contact, headerActions.demo]) {
      await test.step(`'${link.label}' reaches ${link.to}`, async () => {
        const scope = isMobile(page) ? await openMenu(page) : page.getByRole("banner");
        await scope.getByRole("link", { name: link.label, exact: true }).click();
        await expect(page).toHaveURL(link.to);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (isMobile(page)) await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      });
    }
    await page.getByRole("banner").getByRole("link", { name: "Replywise home" }).click();
    await expect(page).toHaveURL("/");
  },
);

test(
  "the phone's menu opens, closes on Escape or a click outside, gives focus back and keeps it inside, with or without hydration",
  { tag: "@phone" },
  async ({ page }) => {
    await page.goto("/contact");
    let menu = await openMenu(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    menu = await openMenu(page);
    await page.mouse.click(10, 400);
    await expect(menu).toBeHidden();
    menu = await openMenu(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      await expect(menu.locator(":focus")).toHaveCount(1);
    }
    // A page served without hydration (decision 012): the frame's inline script runs the menu.
    await page.goto("/about");
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    menu = await openMenu(page);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  },
);

test("each footer link reaches its page, back at the top", async ({ page }) => {
  const links = footerGroups.flatMap((group): readonly NavLink[] => group.links);
  // Thirteen navigations take about 13 s at rest; the budget scales with the count, so CI load cannot run it out.
  test.setTimeout(links.length * 5_000);
  // No public page hydrates (decision 041): a footer link is a plain one, and the new page starts at the top.
  await page.goto("/contact");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The rest, each followed from the page the one before it reached: the footer is the same on every page.
  for (const link of links) {
    await test.step(`'${link.label}' reaches ${link.to}`, async () => {
      await page.getByRole("contentinfo").getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.to);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

test("the theme: light by default, the system's dark, the toggle's choice stored and kept over the system's", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  expect(await htmlThemeClass(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await htmlThemeClass(page)).toBe("dark");
  // A stored choice beats the system preference, and survives a reload.
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  expect(await htmlThemeClass(page)).toBe("light");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  await page.reload();
  expect(await htmlThemeClass(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  expect(await htmlThemeClass(page)).toBe("dark");
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  expect(await htmlThemeClass(page)).toBe("dark");
});

test.describe("with every app script blocked", () => {
  test.use({ awaitHydration: false });

  test("a dark page gets its class from the head script alone, before any app script runs", async ({ page }) => {
    // The served HTML carries no theme class (tests/site/pages.test.ts): only the inline head script can set it.
    await page.route("**/assets/*.js", (route) => route.abort());
    await storeTheme(page, "dark");
    await page.goto("/pricing");
    expect(await htmlThemeClass(page)).toBe("dark");
    await expect(page.locator("body")).toHaveCSS("background-color", /oklch\(0\.16|rgb\((1\d|2\d),/);
  });
});

test("the document paints with the core font and asks for no script; a character outside it brings the fuller face", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
    scriptStarts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  // The form's behaviour is an inline script (decision 041): no script file at all, so none can hold the first paint.
  expect(timing.firstContentfulPaint).toBeLessThan(Infinity);
  expect(timing.scriptStarts).toEqual([]);
  // The 15 KB core font only, until a character outside it is typed.
  expect(fonts).toEqual([expect.stringMatching(/\/assets\/inter-core-[\w-]+\.woff2$/)]);
  await page.getByLabel("Name").first().fill("Zoë Ødegård");
  await expect.poll(() => fonts.some((font) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
  // Requested is not yet loaded: wait until Inter can draw every letter of the name.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"', "Zoë Ødegård"))).toBe(true);
  // The frame's controls work beside the form's script.
  await page.getByRole("button", { name: /Switch to (dark|light) theme/ }).click();
  await expect(page.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).not.toBeNull();
});

test("an unknown path logs its path from its page script and leads home", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  const response = await page.goto("/no-such-page");
  // The page's words and links are read from the served HTML (tests/site/pages.test.ts).
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect.poll(() => messages.some((text) => text.includes("/no-such-page"))).toBe(true);
  await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});
