import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The server suites that take longest (each over 40 s on a busy 2-core machine), started first. Without timings from
 * an earlier run (a fresh clone has none) vitest starts the largest files first, and the files that only call a shared
 * suite (`*.pglite.test.ts`, `*.postgres.test.ts`) are the smallest: they started last and ran on alone at the end.
 */
const SLOW_FIRST = [
  "tests/server/newsletter-send.",
  "tests/server/backup.",
  "tests/server/durability.",
  "tests/server/blog-publishing.",
  "tests/server/bounces.",
  "tests/server/analytics.",
  "tests/server/inbox-access.",
  "tests/server/blog-xss.",
  "tests/server/mail-faults.",
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((name) => file.moduleId.includes(name));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
