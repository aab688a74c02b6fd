// Keeps the copy true (decision 010, product decision 14): runs the rules of app/lib/copy-rules.ts over every
// source of visitor-facing text and fails with the file and line of each problem.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkCopy, checkUnavailableMentions, formatProblems, type CopyProblem } from "~/lib/copy-rules";
import { todayIso } from "~/lib/dates";
import * as about from "./about";
import { unavailableMentions } from "./capabilities";
import * as contact from "./contact";
import * as demo from "./demo";
import * as faqModule from "./faq";
import * as features from "./features";
import * as home from "./home";
import { launchCopy, launchDate } from "./launch";
import * as plansModule from "./plans";
import * as productScenes from "./product-scenes";
import * as register from "./register";
import { initialAvailability } from "./roadmap";
import { getStat } from "./stats";
import * as resources from "./resources";
import * as site from "./site";
import * as testimonials from "./testimonials";

const root = fileURLToPath(new URL("../..", import.meta.url));
const today = todayIso();

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name).split(path.sep).join("/"))
    .filter((file) => extensions.some((extension) => file.endsWith(extension)) && !/\.(test|spec)\.tsx?$/.test(file));
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Marketing copy: pages, sections and the content modules they read. Stats live in stats.ts, the rules in copy-rules.ts. */
const marketingFiles = [
  ...filesUnder("app/content", [".ts"]).filter((file) => file.split("/").length === 3),
  ...filesUnder("app/routes", [".ts", ".tsx"]),
  ...filesUnder("app/components", [".ts", ".tsx"]),
].filter((file) => file !== "app/content/stats.ts");

/** Editorial text, which may quote figures with their sources: posts, legal pages, downloads and their builders. */
const editorialFiles = [
  ...filesUnder("app/content/blog", [".md"]),
  ...filesUnder("app/content/legal", [".md"]),
  ...filesUnder("app/content/downloads", [".md", ".ts"]),
  // The rules themselves name the words they look for.
  ...filesUnder("app/lib", [".ts"]).filter((file) => file !== "app/lib/copy-rules.ts"),
  ...filesUnder("scripts/resources", [".ts"]),
  "app/content/stats.ts",
];

// The first content's availability (the roadmap as first published): the pages resolve the published one, and the
// publication rules (app/features/site-content/rules.ts) hold every later edit to the same checks.
const unavailable = unavailableMentions(initialAvailability);

/** Every string a content module exports, evaluated, with the dotted path it sits at. Capability points carry their own status. */
function strings(value: unknown, at: string): { at: string; text: string }[] {
  if (typeof value === "string") return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (value && typeof value === "object" && !("availability" in value))
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${at}.${key}`));
  return [];
}

/** The line of a source file where an evaluated string starts (its text up to the first interpolation). */
function lineOf(source: string, text: string): number {
  for (let length = Math.min(text.length, 40); length >= 8; length -= 4) {
    const index = source.indexOf(text.slice(0, length));
    if (index >= 0) return source.slice(0, index).split("\n").length;
  }
  return 1;
}

describe("the copy stays true", () => {
  it("has no UK spelling, price without cents, stray statistic or stale date in the marketing copy", () => {
    const problems = marketingFiles.flatMap((file) => checkCopy(file, read(file), { marketing: true }, today));
    expect(formatProblems(problems)).toEqual([]);
  });

  it("has no UK spelling, price without cents or future tense tied to a past date in posts, legal pages and downloads", () => {
    const problems = editorialFiles.flatMap((file) => checkCopy(file, read(file), { marketing: false }, today));
    expect(formatProblems(problems)).toEqual([]);
  });

  it("never presents a planned capability as available in posts, legal pages, downloads or page markup", () => {
    const files = [
      ...filesUnder("app/content/blog", [".md"]),
      ...filesUnder("app/content/legal", [".md"]),
      ...filesUnder("app/content/downloads", [".md", ".ts"]),
      ...filesUnder("app/routes", [".tsx"]),
      ...filesUnder("app/components", [".tsx"]),
    ];
    const problems = files.flatMap((file) => checkUnavailableMentions(file, read(file), unavailable));
    expect(formatProblems(problems)).toEqual([]);
  });

  it("never presents a planned capability as available in the content modules, whatever the day", () => {
    const modules: Record<string, unknown> = {
      "app/content/about.ts": about,
      "app/content/contact.ts": contact,
      "app/content/demo.ts": demo,
      "app/content/faq.ts": { ...faqModule, pricingFaq: faqModule.pricingFaq(launchCopy(today), plansModule.plans) },
      "app/content/features.ts": { ...features, featureCards: features.featureCards(initialAvailability) },
      "app/content/home.ts": { ...home, benefits: home.whyChooseBenefits((id) => getStat(id).value, initialAvailability) },
      "app/content/product-scenes.ts": { sendingTools: productScenes.sendingTools(initialAvailability) },
      "app/content/launch.ts": [launchCopy("2000-01-01"), launchCopy(launchDate)],
      "app/content/plans.ts": plansModule,
      "app/content/register.ts": register,
      "app/content/resources.ts": resources,
      "app/content/site.ts": site,
      "app/content/testimonials.ts": testimonials,
    };
    const problems: CopyProblem[] = Object.entries(modules).flatMap(([file, exports]) => {
      const source = read(file);
      return strings(exports, "").flatMap(({ at, text }) =>
        checkUnavailableMentions(file, text, unavailable).map((problem) => ({
          ...problem,
          line: lineOf(source, text),
          message: `${at.slice(1)}: ${problem.message}`,
        })),
      );
    });
    expect(formatProblems(problems)).toEqual([]);
  });

  it("sells only available capabilities on the pricing cards", () => {
    const planned = plansModule.plans.flatMap((plan) =>
      plansModule
        .planPoints(plan, initialAvailability)
        .flatMap((feature) =>
          typeof feature !== "string" && feature.availability !== "available" ? [`${plan.name}: ${feature.label}`] : [],
        ),
    );
    expect(planned).toEqual([]);
  });
});
