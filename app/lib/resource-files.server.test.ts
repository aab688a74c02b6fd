import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatFileSize, resourceFileSizes } from "./resource-files.server";

describe("formatFileSize", () => {
  it("formats bytes, kilobytes and megabytes", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(245 * 1024)).toBe("245 KB");
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe("1.2 MB");
    expect(formatFileSize(2 * 1024 * 1024)).toBe("2 MB");
  });
});

describe("resourceFileSizes", () => {
  it("reads real sizes and gives null for missing files", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "resource-sizes-"));
    writeFileSync(path.join(dir, "guide.pdf"), Buffer.alloc(3000));
    expect(await resourceFileSizes(["guide.pdf", "missing.pdf"], dir)).toEqual({ "guide.pdf": "2.9 KB", "missing.pdf": null });
  });
});
