import { OUTBOUND_PATHS } from "~/content/outbound";
import { expect, test, type Page } from "./support/test";
import { footerGroups, headerActions, headerLinks, type NavLink } from "~/content/nav";
import { PLACEHOLDER_COMPANY_ADDRESS } from "~/lib/env.server";
import { htmlThemeClass, storeTheme } from "./support/theme";

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu;
}

test.describe("header", { tag: "@mobile" }, () => {
  // One visit, each link followed from the page the one before it reached: the header is the same on every page.
  test("each link reaches its page", async ({ page }) => {
    await page.goto("/about");
    for (const link of [...headerLinks, headerActions.contact, headerActions.demo]) {
      await test.step(`'${link.label}' reaches ${link.to}`, async () => {
        const scope = isMobile(page) ? await openMenu(page) : page.getByRole("banner");
        await scope.getByRole("link", { name: link.label, exact: true }).click();
        await expect(page).toHaveURL(link.to);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (isMobile(page)) await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      });
    }
  });

  test("the logo leads home", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("banner").getByRole("link", { name: "Replywise home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("turns compact past 50 px of scroll and back at the top, without moving the page", async ({ page }) => {
    await page.goto("/");
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

  test("a skip link is the first stop of the keyboard and lands on the main content", async ({ page }) => {
    await page.goto("/features");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("mobile menu", { tag: "@mobile" }, () => {
  test.beforeEach(({ page }) => test.skip(!isMobile(page), "the menu button shows on small screens only"));

  test("opens with the same links plus Get Started to the app in a new tab", async ({ page }) => {
    await page.goto("/");
    const menu = await openMenu(page);
    for (const link of [...headerLinks, headerActions.contact, headerActions.demo]) {
      await expect(menu.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
    }
    const getStarted = menu.getByRole("link", { name: /Get Started/ });
    await expect(getStarted).toHaveAttribute("target", "_blank");
    await expect(getStarted).toHaveAttribute("rel", /noopener/);
    // Through the site's redirect to the app, which counts the click (docs/decisions/021).
    await expect(getStarted).toHaveAttribute("href", OUTBOUND_PATHS.register);
  });

  test("closes on Escape and gives focus back to its button", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("closes on a click outside it", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    await page.mouse.click(10, 400);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    await page.goto("/");
    const menu = await openMenu(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      await expect(menu.locator(":focus")).toHaveCount(1);
    }
  });
});

test.describe("footer", () => {
  // One visit, as the header's: the footer is the same on every page.
  test("each link reaches its page", async ({ page }) => {
    const links = footerGroups.flatMap((group): readonly NavLink[] => group.links);
    // Thirteen navigations take about 13 s at rest; the budget scales with the count, so CI load cannot run it out.
    test.setTimeout(links.length * 5_000);
    await page.goto("/");
    for (const link of links) {
      await test.step(`'${link.label}' reaches ${link.to}`, async () => {
        await page.getByRole("contentinfo").getByRole("link", { name: link.label, exact: true }).click();
        await expect(page).toHaveURL(link.to);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }
  });

  // Issue 38: pages linked only from the sitemap (resources, the newsletter archive) or from the header at some widths.
  test(
    "is a site map by group, with the spec's links and the pages a visitor could not otherwise find",
    { tag: "@mobile" },
    async ({ page }) => {
      await page.goto("/pricing");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("navigation", { name: "Footer" }).getByRole("list")).toHaveCount(4);
      const group = (title: string) => footer.getByRole("list", { name: title });
      await expect(group("Product").getByRole("link")).toHaveText(["Features", "Pricing", "Roadmap", "Book Demo"]);
      await expect(group("Resources").getByRole("link")).toHaveText(["Resources", "Blog", "Newsletter"]);
      await expect(group("Company").getByRole("link")).toHaveText(["About", "Contact", "Sitemap"]);
      await expect(group("Legal").getByRole("link")).toHaveText(["Privacy", "Terms", "Cookies"]);
      const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      for (const path of ["/features", "/pricing", "/about", "/contact", "/blog", "/privacy", "/terms", "/sitemap"])
        expect(hrefs).toContain(path);
      for (const path of ["/roadmap", "/resources", "/demo", "/newsletter"]) expect(hrefs).toContain(path);
      // Every link shows whole at this width: none is cut off or pushes the page sideways.
      const width = page.viewportSize()!.width;
      for (const link of await footer.getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    },
  );

  test("leaves the company address out while it is the placeholder", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("contentinfo")).not.toContainText(PLACEHOLDER_COMPANY_ADDRESS);
  });

  test("shows the current year", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} Replywise`);
  });

  test("a route change scrolls back to the top", async ({ page }) => {
    // A hydrated page, so the change happens in the browser rather than as a new document.
    await page.goto("/contact");
    await page.evaluate(() => (document.body.style.minHeight = "4000px"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL("/pricing");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("theme", () => {
  test("light when nothing is stored and the system has no dark preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    expect(await htmlThemeClass(page)).toBe("light");
  });

  test("follows the system dark preference when nothing is stored", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await htmlThemeClass(page)).toBe("dark");
  });

  test("a stored choice beats the system preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await storeTheme(page, "light");
    await page.goto("/");
    expect(await htmlThemeClass(page)).toBe("light");
  });

  test.describe("with every app script blocked", () => {
    test.use({ awaitHydration: false });

    test("a dark page gets its class from the head script alone, before any app script runs", async ({ page, request }) => {
      // The served HTML carries no theme class, so only the inline head script can set it...
      const html = await (await request.get("/pricing")).text();
      expect(html).toMatch(/<html lang="en">/);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.indexOf('localStorage.getItem("theme")')).toBeGreaterThan(-1);
      expect(head.indexOf('localStorage.getItem("theme")')).toBeLessThan(head.indexOf('rel="stylesheet"'));
      // ...and it does so with every app script blocked, so the first painted frame is already dark.
      await page.route("**/assets/*.js", (route) => route.abort());
      await storeTheme(page, "dark");
      await page.goto("/pricing");
      expect(await htmlThemeClass(page)).toBe("dark");
      await expect(page.locator("body")).toHaveCSS("background-color", /oklch\(0\.16|rgb\((1\d|2\d),/);
    });
  });

  test("the toggle switches, stores the choice and survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await htmlThemeClass(page)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    expect(await htmlThemeClass(page)).toBe("dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await htmlThemeClass(page)).toBe("light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});

test.describe("icons", () => {
  test("are drawn from the sprite, with or without hydration", async ({ page }) => {
    for (const path of ["/contact", "/privacy"]) {
      await page.goto(path);
      const drawn = page
        .locator("header")
        .getByRole("button", { name: /Switch to (dark|light) theme/ })
        .locator("use")
        .first();
      await expect.poll(() => drawn.evaluate((use: SVGUseElement) => use.getBBox().width), path).toBeGreaterThan(10);
    }
  });
});

test.describe("document", () => {
  test("paints before it asks for any script, then hydrates", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      scriptStarts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scriptStarts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scriptStarts)).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
    // page.goto waited for hydration (support/test.ts); the frame's controls work alongside React.
    await page.getByRole("button", { name: /Switch to (dark|light) theme/ }).click();
    await expect(page.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).not.toBeNull();
  });

  test("paints with the 15 KB core font only; a character outside it brings the fuller face", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    expect(fonts).toEqual([expect.stringMatching(/\/assets\/inter-core-[\w-]+\.woff2$/)]);
    await page.getByLabel("Name").first().fill("Zoë Ødegård");
    await expect.poll(() => fonts.some((font) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
    // Requested is not yet loaded: wait until Inter can draw every letter of the name.
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"', "Zoë Ødegård"))).toBe(true);
  });
});

test.describe("errors", () => {
  test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => messages.some((text) => text.includes("/no-such-page"))).toBe(true);
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("a failing navigation shows the fallback inside the frame with a way home", async ({ page }) => {
    await page.goto("/contact");
    // The legal pages load their text through a loader, so a client-side visit fetches /terms.data.
    await page.route("**/terms.data*", (route) => route.abort("failed"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toBeVisible();
  });
});
