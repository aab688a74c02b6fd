import { readFileSync } from "node:fs";
import path from "node:path";
import { Scanner } from "@tailwindcss/oxide";
import { twMerge } from "tailwind-merge";
import { __unstable__loadDesignSystem } from "tailwindcss";
import { beforeAll, describe, expect, it } from "vitest";
import { cn } from "./utils";

/** Every Tailwind class in the app's source, as Tailwind itself finds them (the scanner, then its own compiler). */
async function appClasses(): Promise<string[]> {
  const designSystem = await __unstable__loadDesignSystem(readFileSync("app/styles/app.css", "utf8"), {
    base: path.resolve("app/styles"),
    loadStylesheet: async (id: string, base: string) => {
      // Tailwind itself and the app's own stylesheets (./theme.css); packages' CSS holds no utilities.
      const own = id.startsWith(".");
      const file =
        id === "tailwindcss"
          ? path.resolve("node_modules/tailwindcss/index.css")
          : own
            ? path.resolve(base, id)
            : path.resolve("node_modules", id);
      return { path: file, base: path.dirname(file), content: id === "tailwindcss" || own ? readFileSync(file, "utf8") : "" };
    },
  });
  const candidates = new Scanner({ sources: [{ base: path.resolve("app"), pattern: "**/*.{ts,tsx}", negated: false }] }).scan();
  const css = designSystem.candidatesToCss(candidates);
  return candidates.filter((_, index) => css[index]);
}

/** What comes before the utility: `hover:`, `md:dark:`, `[&_svg]:`; classes conflict only under the same ones. */
const variantsOf = (className: string) => className.match(/^(.*:)(?![^[]*\])/)?.[1] ?? "";

describe("cn", () => {
  let classes: string[] = [];
  beforeAll(async () => {
    classes = await appClasses();
  });

  it("finds the app's classes", () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toContain("max-w-6xl");
    expect(classes).toContain("md:inline-flex");
  });

  // The same class twice means what it means once: tailwind-merge keeps a repeated class it does not know, cn() does not.
  const once = (classList: string) => [...new Set(classList.split(" ").reverse())].reverse().join(" ");

  it("merges every pair of the app's classes exactly as the full tailwind-merge does", () => {
    const byVariants = new Map<string, string[]>();
    for (const className of classes) byVariants.set(variantsOf(className), [...(byVariants.get(variantsOf(className)) ?? []), className]);
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const expected = once(twMerge(`${first} ${second}`));
          if (once(cn(first, second)) !== expected) differences.push(`"${first} ${second}": ${cn(first, second)} instead of ${expected}`);
        }
      }
    }
    expect(differences).toEqual([]);
    // Every pair of every class the app uses: it grows with the app (6 s beside the build on two cores, 2 s alone).
  }, 30_000);

  it("lets a later class win over the component's own and joins conditional ones", () => {
    const hidden = false;
    expect(cn("mx-auto max-w-6xl px-4", "max-w-3xl", hidden && "hidden")).toBe("mx-auto px-4 max-w-3xl");
    expect(cn("inline-flex text-sm", { "hidden md:inline-flex": true, "text-base": true })).toBe("hidden md:inline-flex text-base");
  });
});
