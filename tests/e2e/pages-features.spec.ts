// The features page: six feature cards, each with a picture of that feature in the product.
import { expect, test } from "./support/test";
import { featureCards } from "~/content/features";
import { initialAvailability } from "~/content/roadmap";
import { expectNoAxeViolations } from "./support/axe";
import { expectScenesFit, expectScenesShownAndHidden, sceneAnimations, scenesIn } from "./support/scenes";

// The first content: the e2e world publishes the roadmap as app/content/ holds it.
const features = featureCards(initialAvailability);

test.describe("features page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/features");
  });

  test("each of the six feature cards shows its product scene, hidden from assistive technology", async ({ page }) => {
    const grid = page.getByRole("region", { name: "Features" });
    await expect(grid.getByRole("heading", { level: 2 })).toHaveText(features.map((feature) => feature.title));
    await expectScenesShownAndHidden(
      scenesIn(grid),
      features.map((feature) => feature.scene),
    );
    for (const feature of features) {
      const card = grid.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: feature.title }) });
      await expect(scenesIn(card)).toHaveAttribute("data-scene", feature.scene);
    }
    await expectNoAxeViolations(page);
  });

  test("the product scenes fit a phone's screen", { tag: "@mobile" }, async ({ page }) => {
    await expectScenesFit(page);
  });

  test("the product scenes stay still under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    expect(await sceneAnimations(page)).toBe(0);
  });
});
