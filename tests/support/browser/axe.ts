import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (evaluate is not subject to the page's CSP) and fails with a readable list. Sections far
 * below the fold are laid out only near the screen (decision 016); until then Chromium may answer their computed
 * colours with the defaults (a link's #0000ee), so they are rendered first, as a reader scrolling down gets them.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLElement>("main > section, footer")) element.style.contentVisibility = "visible";
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  // Once per document: a page read in both themes (switched in place) keeps it (half a megabyte each time).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
  });
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
