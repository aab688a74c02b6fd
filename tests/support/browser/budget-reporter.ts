import { createHash } from "node:crypto";
import type { FullResult, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * The browser suite's budget (docs/decisions/017), the one place it is written. `npm test` must come back within 8
 * minutes on the 2-core machine, the browser suite side by side with the server suites: a test added past the count,
 * or a run past the minutes, fails the run here, as `npm run size` fails a bundle past its budget. The count is what the
 * suite holds (both projects) plus a small margin; the minutes are the run's wall clock, setup and teardown included,
 * on a quiet machine of this kind: a slower or busier machine (CI ran 2.2 times as long) gets as many more minutes as
 * its own measure of the same work says (`machineFactor`), so the budget catches a slower suite, not a slower machine.
 */
export const BROWSER_SUITE_BUDGET = { tests: 100, minutes: 6 };

/** A fixed piece of CPU work (SHA-256 over 512 MB), and how long it takes on a quiet 2-core machine of this kind. */
const CALIBRATION = { rounds: 16, bytes: 32 * 1024 * 1024, quietMs: 250 };

export function calibrationMs(): number {
  const data = Buffer.alloc(CALIBRATION.bytes, 1);
  const started = performance.now();
  for (let round = 0; round < CALIBRATION.rounds; round++) createHash("sha256").update(data).digest();
  return performance.now() - started;
}

/** How much slower than a quiet machine this one runs now: the work timed at the start and at the end, never below 1. */
export function machineFactor(samples: number[]): number {
  const mean = samples.reduce((sum, ms) => sum + ms, 0) / samples.length;
  return Math.max(1, mean / CALIBRATION.quietMs);
}

/** Fails the run when the browser suite passes its budget, or skips a test (a skipped test is one nobody runs). */
export default class BudgetReporter implements Reporter {
  private total = 0;
  private readonly skipped: string[] = [];
  private readonly calibrations: number[] = [];

  printsToStdio() {
    return false;
  }

  onBegin(_config: unknown, suite: Suite) {
    this.total = suite.allTests().length;
    this.calibrations.push(calibrationMs());
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "skipped") this.skipped.push(`[${test.parent.project()?.name}] ${test.titlePath().slice(1).join(" › ")}`);
  }

  async onEnd(result: FullResult) {
    const minutes = result.duration / 60_000;
    this.calibrations.push(calibrationMs());
    const factor = machineFactor(this.calibrations);
    const allowed = BROWSER_SUITE_BUDGET.minutes * factor;
    const problems: string[] = [];
    if (this.total > BROWSER_SUITE_BUDGET.tests)
      problems.push(`${this.total} browser tests, past the budget of ${BROWSER_SUITE_BUDGET.tests}.`);
    if (minutes > allowed) {
      const scaled =
        factor > 1 ? ` (${BROWSER_SUITE_BUDGET.minutes} on a quiet machine; this one ran ${factor.toFixed(1)} times slower)` : "";
      problems.push(`The browser suite took ${minutes.toFixed(1)} minutes, past the budget of ${allowed.toFixed(1)}${scaled}.`);
    }
    if (this.skipped.length > 0) problems.push(`${this.skipped.length} skipped: ${this.skipped.join("; ")}.`);
    console.log(
      `Browser suite: ${this.total} tests in ${minutes.toFixed(1)} minutes; its budget ${BROWSER_SUITE_BUDGET.tests} tests and ` +
        `${allowed.toFixed(1)} minutes on this machine (calibration ${this.calibrations.map((ms) => ms.toFixed(0)).join(" and ")} ms, quiet ${CALIBRATION.quietMs}).`,
    );
    if (problems.length === 0) return undefined;
    console.error(
      [
        "",
        `Browser suite budget (tests/support/browser/budget-reporter.ts): ${problems.join(" ")}`,
        "Keep in the browser only what a browser shows (hydration, keyboard, focus, dialogs, forms without JavaScript,",
        "layout, axe). Move what reads HTTP answers, headers, copy, links, files or access rules to a server test through",
        "the built server (tests/site/pages.test.ts, seo.test.ts, access.test.ts), or merge the check into the journey",
        "that already opens that page; run a phone-only check in the mobile project alone (@phone). A test that must not",
        "run is removed, not skipped. See docs/decisions/017.",
        "",
      ].join("\n"),
    );
    return { status: "failed" } as const;
  }
}
