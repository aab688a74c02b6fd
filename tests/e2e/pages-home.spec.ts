import { expect, test, type Locator } from "./support/test";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { availabilityLabels, integrationTools } from "~/content/capabilities";
import { faq } from "~/content/faq";
import { initialAvailability } from "~/content/roadmap";
import { expectNoAxeViolations } from "./support/axe";
import { expectScenesFit, expectScenesShownAndHidden, sceneAnimations, scenesIn } from "./support/scenes";

const appSignUpUrl = OUTBOUND_PATHS.register;

async function expectOpensApp(link: Locator) {
  await expect(link).toHaveAttribute("href", appSignUpUrl);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
}

test.describe("home page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("hero: Get Started opens the app in a new tab, three feature cards", async ({ page }) => {
    const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Human-Like Inbox Management for your cold email replies");
    await expectOpensApp(hero.getByRole("link", { name: /^Get Started/ }));
    await expect(hero.getByRole("listitem")).toHaveCount(3);
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText([
      "Replies in under 5 minutes",
      "Sounds like your team",
      "Books the meeting",
    ]);
  });

  test("integrations strip names each tool with the availability the roadmap shows", async ({ page }) => {
    const strip = page.getByRole("region", { name: "Works with your outbound stack" });
    const tools = strip.getByRole("listitem");
    await expect(tools).toHaveCount(integrationTools(initialAvailability).length);
    for (const tool of integrationTools(initialAvailability)) {
      const card = tools.filter({ has: page.getByText(tool.name, { exact: true }) });
      await expect(card).toContainText(tool.kind);
      await expect(card).toContainText(availabilityLabels[tool.availability]);
    }
    await expect(tools.filter({ hasText: "Slack" })).toContainText("Planned");
    await expect(tools.filter({ hasText: "Instantly" })).toContainText("Available");
    await strip.getByRole("link", { name: /roadmap/ }).click();
    await expect(page).toHaveURL(/\/roadmap$/);
    // Self-drawn marks only: no images fetched for logos.
    await expect(page.locator("img[src*=logo]")).toHaveCount(0);
  });

  test("How It Works has three steps in order", async ({ page }) => {
    const section = page.getByRole("region", { name: "How It Works" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Receive inquiries", "AI response generation", "Convert leads"]);
  });

  test("Why Choose has four benefit cards and the statistics, said to be targets", async ({ page }) => {
    const section = page.getByRole("region", { name: "Why Choose Replywise" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveCount(4);
    for (const value of ["20+", "80%", "2x", "97%"]) await expect(section.getByText(value, { exact: true })).toBeVisible();
    await expect(section.getByText("These four figures are our targets for teams that use Replywise, not measured results.")).toBeVisible();
  });

  test("the hero names the launch month instead of 'next month'", async ({ page }) => {
    const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(hero).toContainText(/(public launch in|Publicly available since) [A-Z][a-z]+ \d{4}/);
    await expect(page.locator("main")).not.toContainText(/next month/i);
  });

  test("three testimonials", async ({ page }) => {
    const section = page.getByRole("region", { name: "Trusted by Growing Businesses" });
    await expect(section.locator("blockquote")).toHaveCount(3);
  });

  test("FAQ: six questions that open and close from the keyboard", async ({ page }) => {
    const section = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = section.locator("summary");
    await expect(questions).toHaveCount(6);
    await expect(questions).toHaveText(faq.map((entry) => entry.question));
    const first = faq[0]!;
    const answer = section.getByText(first.answer);
    await expect(answer).toBeHidden();
    await questions.first().focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Space");
    await expect(answer).toBeHidden();
  });

  test(
    "sections far below the fold wait to be rendered, yet a link to one lands on it and scrolling shows each in full",
    { tag: "@mobile" },
    async ({ page }) => {
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
      const faqHeading = page.getByRole("heading", { level: 2, name: "Frequently Asked Questions" });
      await expect(faqHeading).toBeInViewport();
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await expect(page.getByRole("contentinfo").getByRole("link").last()).toBeInViewport();
      await expect
        .poll(() =>
          page.evaluate(() => document.querySelector("footer")!.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })),
        )
        .toBe(true);
    },
  );

  test("the conversion banner shows 900% worded as its study measured it, with the study as the source", async ({ page }) => {
    const banner = page.getByRole("region", { name: "Speed-to-lead is the whole game" });
    await expect(banner.getByText("900%", { exact: true })).toBeVisible();
    await expect(banner).toContainText("higher odds of reaching an inbound web lead by phone");
    await expect(banner).not.toContainText(/convert up to/i);
    const source = banner.getByRole("link", {
      name: /Lead Response Management Study, InsideSales\.com with Dr\. James Oldroyd, MIT \(2007\)/,
    });
    await expect(source).toHaveAttribute("target", "_blank");
    await expect(source).toHaveAttribute("rel", /noopener/);
  });

  test("Latest from our Blog: up to 3 posts or the empty message, and View all articles", async ({ page }) => {
    const section = page.getByRole("region", { name: "Latest from our Blog" });
    const posts = section.getByRole("article");
    const count = await posts.count();
    if (count === 0) await expect(section.getByText("No blog posts available at the moment.")).toBeVisible();
    else expect(count).toBeLessThanOrEqual(3);
    await section.getByRole("link", { name: "View all articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("closing call to action: Get Started and Schedule a demo", async ({ page }) => {
    const cta = page.getByRole("region", { name: /Ready to answer every lead/ });
    await expectOpensApp(cta.getByRole("link", { name: /^Get Started/ }));
    await cta.getByRole("link", { name: "Schedule a demo" }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Demo");
  });

  test("the hero and How It Works show the product in pictures hidden from assistive technology", async ({ page }) => {
    const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expectScenesShownAndHidden(scenesIn(hero), ["inbox"]);
    await expect(scenesIn(hero)).toContainText("Meeting booked");
    await expectScenesShownAndHidden(scenesIn(page.getByRole("region", { name: "How It Works" })), ["webhook", "reply", "sequence"]);
    // The pictures add no names, headings or list items to the page's outline.
    await expect(hero.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Meeting booked" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("the product scenes fit a phone's screen", { tag: "@mobile" }, async ({ page }) => {
    await page.getByRole("region", { name: "How It Works" }).scrollIntoViewIfNeeded();
    await expectScenesFit(page);
  });

  test("the product scenes move only for visitors who have not asked for less motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.reload();
    expect(await sceneAnimations(page)).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    expect(await sceneAnimations(page)).toBe(0);
  });
});
