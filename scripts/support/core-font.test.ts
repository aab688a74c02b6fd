import { describe, expect, it } from "vitest";
import { CORE_FONT_TEXT, shownCharacters, unicodeRange } from "./core-font";

describe("unicodeRange", () => {
  it("folds consecutive code points into ranges and keeps lone ones single", () => {
    expect(unicodeRange("abcx·")).toBe("U+61-63, U+78, U+B7");
  });

  it("ignores order and repeats", () => {
    expect(unicodeRange("cba–ac")).toBe("U+61-63, U+2013");
  });

  it("covers every character of the core font", () => {
    const ranges = unicodeRange(CORE_FONT_TEXT)
      .split(", ")
      .map((part) =>
        part
          .slice(2)
          .split("-")
          .map((hex) => parseInt(hex, 16)),
      );
    for (const char of CORE_FONT_TEXT) {
      const point = char.codePointAt(0)!;
      expect(ranges.some(([from, to]) => point >= from! && point <= (to ?? from!))).toBe(true);
    }
  });
});

describe("shownCharacters", () => {
  it("reads text, placeholders and values, with entities decoded", () => {
    const html = `<p>Caf&#233; &#x2192; x&amp;y</p><input placeholder="Ana María" value="Zoë">`;
    const shown = shownCharacters(html);
    expect([...shown]).toEqual(expect.arrayContaining(["é", "→", "&", "í", "ë"]));
  });

  it("leaves out scripts, styles and tags", () => {
    const shown = shownCharacters(`<script>const ü = 1</script><style>.é{}</style><div class="ß">ok</div>`);
    expect([...shown].sort()).toEqual(["k", "o"]);
  });
});
