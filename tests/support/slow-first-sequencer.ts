import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The server suites that take longest (each over 10 s on a busy 2-core machine, the first ones over 20 s), started
 * first. Without timings from an earlier run (a fresh clone has none) vitest starts the largest files first, and the
 * files that only call a shared suite (`*.pglite.test.ts`, `*.postgres.test.ts`) are the smallest: they started last and
 * ran on alone at the end. Measured again 2026-11-29, once the suites waited for states instead of clocks.
 */
const SLOW_FIRST = [
  "tests/campaign-pages/experiment-replay.",
  "tests/console/console-access.",
  "tests/newsletter/newsletter-send.",
  "tests/blog/blog-publishing.",
  "tests/analytics/analytics.",
  "tests/site-content/resource-upload.",
  "tests/roadmap-votes/roadmap-notice.",
  "tests/operations/hostile-input.",
  "tests/operations/mail-faults.",
  "tests/operations/backup.",
  "tests/operations/outage.",
  "tests/blog/blog-xss.",
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
