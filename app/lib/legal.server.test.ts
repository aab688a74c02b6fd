import { describe, expect, it } from "vitest";
import { todayIso } from "./dates";
import { getLegalDocument, legalSource, legalTextFingerprint, loadLegalDocument, parseLegalSource, type LegalSlug } from "./legal.server";

// The dates the spec gives each page: they stay the first entry of its version history.
const firstPublished: Record<LegalSlug, string> = { privacy: "2025-03-01", terms: "2025-03-01", cookies: "2024-01-01" };

const page = (body: string, versions: string) => `---\ntitle: Policy\ndescription: About it\nversions:\n${versions}---\n${body}`;

describe("legal pages", () => {
  for (const slug of Object.keys(firstPublished) as LegalSlug[]) {
    it(`${slug}: the newest version entry describes the text as it is now`, () => {
      const { fileName, source } = legalSource(slug);
      const { versions, body } = parseLegalSource(source, fileName);
      const latest = versions.at(-1)!;
      const fingerprint = legalTextFingerprint(body);
      expect(
        latest.text,
        `${fileName}: the text changed after the version of ${latest.date}. Add a version at the end of "versions": ` +
          `date: ${todayIso()} (or the day it takes effect), summary: what changed, text: "${fingerprint}"`,
      ).toBe(fingerprint);
    });

    it(`${slug}: keeps the spec's first date as its first version and shows the newest as Last updated`, () => {
      const document = getLegalDocument(slug);
      expect(document.versions[0]?.date).toBe(firstPublished[slug]);
      expect(document.lastUpdated).toBe(document.versions.at(-1)?.date);
      expect(document.html).not.toContain("{{");
    });
  }

  it("shows the newest version's date as Last updated and the history oldest first", () => {
    const document = loadLegalDocument(
      page(
        "Hello from {{product}}, {{companyName}}.\n",
        '  - { date: 2024-01-01, summary: "First published.", text: "000000000000" }\n  - { date: 2026-11-23, summary: "Names the company.", text: "111111111111" }\n',
      ),
      "x.md",
    );
    expect(document.lastUpdated).toBe("2026-11-23");
    expect(document.lastUpdatedLabel).toBe("November 23, 2026");
    expect(document.versions.map((version) => version.dateLabel)).toEqual(["January 1, 2024", "November 23, 2026"]);
    expect(document.html).toContain("Hello from Replywise,");
  });

  it("refuses versions out of order, a missing fingerprint and unknown placeholders, naming the file", () => {
    const twoVersions =
      '  - { date: 2026-11-23, summary: "Later.", text: "111111111111" }\n  - { date: 2024-01-01, summary: "First.", text: "000000000000" }\n';
    expect(() => loadLegalDocument(page("Body\n", twoVersions), "x.md")).toThrow(/x\.md: versions: .*date order/);
    expect(() => loadLegalDocument(page("Body\n", '  - { date: 2024-01-01, summary: "First." }\n'), "x.md")).toThrow(
      /x\.md: versions\.0\.text/,
    );
    expect(() =>
      loadLegalDocument(page("{{nope}}\n", '  - { date: 2024-01-01, summary: "First.", text: "000000000000" }\n'), "x.md"),
    ).toThrow("x.md: unknown placeholder {{nope}}");
  });

  it("fingerprints the wording, not the line wrapping", () => {
    expect(legalTextFingerprint("One two\nthree.\n")).toBe(legalTextFingerprint("One two three."));
    expect(legalTextFingerprint("One two three.")).not.toBe(legalTextFingerprint("One two four."));
  });
});
