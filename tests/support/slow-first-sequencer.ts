import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The server suites that take longest (each over 10 s on a busy 2-core machine, the first ones over 20 s), started
 * first. Without timings from an earlier run (a fresh clone has none) vitest starts the largest files first, and the
 * files that only call a shared suite (`*.pglite.test.ts`, `*.postgres.test.ts`) are the smallest: they started last and
 * ran on alone at the end. Measured again 2026-11-29, once the suites waited for states instead of clocks.
 */
const SLOW_FIRST = [
  "tests/server/inbox-access.",
  "tests/server/newsletter-send.",
  "tests/server/blog-publishing.",
  "tests/server/analytics.",
  "tests/server/resource-upload.",
  "tests/server/roadmap-notice.",
  "tests/server/hostile-input.",
  "tests/server/mail-faults.",
  "tests/server/backup.",
  "tests/server/outage.",
  "tests/server/blog-xss.",
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
