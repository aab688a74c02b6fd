import { describe, expect, it } from "vitest";
import { countWords, formatPostDate, htmlToText, readTime } from "./post-text";

describe("readTime", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  it.each([
    [1, "1 min read"],
    [199, "1 min read"],
    [200, "1 min read"],
    [201, "2 min read"],
    [400, "2 min read"],
    [401, "3 min read"],
    [1334, "7 min read"],
  ])("%i words -> %s", (n, expected) => {
    expect(readTime(words(n))).toBe(expected);
  });
  it("counts words separated by any whitespace", () => {
    expect(countWords("  one\ttwo\n\nthree  ")).toBe(3);
    expect(countWords("   ")).toBe(0);
    expect(readTime("")).toBe("0 min read");
  });
});

describe("htmlToText", () => {
  it("drops tags, scripts and decodes entities", () => {
    expect(htmlToText("<h2>Hi &amp; bye</h2><p>It&#39;s <strong>fine</strong>&nbsp;now</p><script>x()</script>")).toBe(
      "Hi & bye It's fine now",
    );
  });
});

describe("formatPostDate", () => {
  it("reads as month day, year whatever the time zone", () => {
    expect(formatPostDate("2025-09-18")).toBe("September 18, 2025");
    expect(formatPostDate("2026-01-01")).toBe("January 1, 2026");
  });
});
