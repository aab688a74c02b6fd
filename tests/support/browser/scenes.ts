// What every product scene (components/visuals) must be wherever it is placed: a picture hidden from assistive
// technology, inside the screen's width, and still for visitors who asked for less motion.
import { expect, type Locator, type Page } from "@playwright/test";

export const scenesIn = (scope: Page | Locator) => scope.locator("[data-scene]");

/** Each scene is shown and hidden from assistive technology, so the text beside it carries the meaning. */
export async function expectScenesShownAndHidden(scenes: Locator, names: readonly string[]) {
  await expect(scenes).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    const scene = scenes.nth(index);
    await expect(scene).toHaveAttribute("data-scene", name);
    await expect(scene).toBeVisible();
    await expect(scene).toHaveAttribute("aria-hidden", "true");
  }
}

/** Neither the page nor any scene is wider than the screen, and nothing in a scene spills past its edges. */
export async function expectScenesFit(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const scene of document.querySelectorAll<HTMLElement>("[data-scene]")) {
      const box = scene.getBoundingClientRect();
      const name = scene.dataset.scene;
      if (box.left < 0 || box.right > width) found.push(`${name} reaches past the screen: ${box.left}..${box.right} of ${width}`);
      if (scene.scrollWidth > scene.clientWidth + 1) found.push(`${name} spills sideways: ${scene.scrollWidth} > ${scene.clientWidth}`);
      if (scene.scrollHeight > scene.clientHeight + 1) found.push(`${name} spills down: ${scene.scrollHeight} > ${scene.clientHeight}`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** How many animations run inside the page's scenes. */
export function sceneAnimations(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("[data-scene]")].reduce((count, scene) => count + scene.getAnimations({ subtree: true }).length, 0),
  );
}
