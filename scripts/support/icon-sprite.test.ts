import { describe, expect, it } from "vitest";
import { buildIconSprite, ICON_NAMES } from "./icon-sprite";

const sprite = buildIconSprite();
const symbols = [...sprite.svg.matchAll(/<symbol id="([^"]+)"([^>]*)>([\s\S]*?)<\/symbol>/g)].map(([, id, attributes, shapes]) => ({
  id: id!,
  attributes: attributes!,
  shapes: shapes!,
}));

describe("the icon sprite", () => {
  it("holds one symbol per icon name, under that name", () => {
    expect(symbols.map((symbol) => symbol.id)).toEqual(ICON_NAMES);
    expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length);
    expect(sprite.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol /);
  });

  it("draws each icon as lucide does: 24-unit grid, 2-unit round strokes in the text colour, no fill", () => {
    for (const { id, attributes, shapes } of symbols) {
      expect(attributes, id).toBe(
        ' viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"',
      );
      expect(shapes, id).toMatch(/^(<(path|circle|rect|line|polyline|polygon|ellipse) [^>]+><\/\2>)+$/);
    }
  });

  it("is served under a name that changes with its content, among the hashed assets", () => {
    expect(sprite.url).toMatch(/^\/assets\/icons-[\w-]{8}\.svg$/);
    expect(buildIconSprite().url).toBe(sprite.url);
  });
});
