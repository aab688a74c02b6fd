import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOGO_DRAWING } from "./logo";

// The mark is drawn twice: in the page (LogoMark, with its gradient as CSS) and as the browser tab's icon.
describe("the logo mark", () => {
  it("is the favicon's drawing, in the favicon's colours", () => {
    const favicon = readFileSync("public/favicon.svg", "utf8");
    for (const part of Object.values(LOGO_DRAWING)) expect(favicon).toContain(`"${part}"`);
  });
});
