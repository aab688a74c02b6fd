import { describe, expect, it } from "vitest";
import { toCsvLine } from "./csv";

describe("CSV lines", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(toCsvLine(["plain", 'say "hi"', "a,b", "two\nlines", null, 3])).toBe('plain,"say ""hi""","a,b","two\nlines",,3\r\n');
    expect(toCsvLine(['=HYPERLINK("x")', "+1", "@cmd"])).toBe(`"'=HYPERLINK(""x"")","'+1","'@cmd"\r\n`);
    expect(toCsvLine([new Date("2026-01-02T03:04:05.000Z")])).toBe("2026-01-02T03:04:05.000Z\r\n");
  });
});
