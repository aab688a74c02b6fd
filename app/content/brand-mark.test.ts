import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brandMark } from "./brand-mark";

describe("the logo the browser shows", () => {
  it("is the brand mark: public/favicon.svg draws the same tile, gradient, bubble and check", () => {
    const svg = readFileSync("public/favicon.svg", "utf8");
    expect(svg).toContain(`viewBox="0 0 ${brandMark.size} ${brandMark.size}"`);
    expect(svg).toContain(`rx="${brandMark.tileRadius}"`);
    for (const color of brandMark.gradient) expect(svg).toContain(`stop-color="${color}"`);
    expect(svg).toContain(`<path d="${brandMark.bubble}" fill="#fff"/>`);
    expect(svg).toContain(
      `<path d="${brandMark.check}" fill="none" stroke="${brandMark.gradient[0]}" stroke-width="${brandMark.checkWidth}"`,
    );
  });
});
