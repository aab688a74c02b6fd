import type { FullResult, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * The browser suite's budget (docs/decisions/017), the one place it is written. `npm test` must come back within 8
 * minutes on the 2-core machine, the browser suite side by side with the server suites: a test added past the count,
 * or a run past the minutes, fails the run here, as `npm run size` fails a bundle past its budget. The count is what the
 * suite holds (both projects) plus a small margin; the minutes are the run's wall clock, setup and teardown included.
 */
export const BROWSER_SUITE_BUDGET = { tests: 100, minutes: 6 };

/** Fails the run when the browser suite passes its budget, or skips a test (a skipped test is one nobody runs). */
export default class BudgetReporter implements Reporter {
  private total = 0;
  private readonly skipped: string[] = [];

  printsToStdio() {
    return false;
  }

  onBegin(_config: unknown, suite: Suite) {
    this.total = suite.allTests().length;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "skipped") this.skipped.push(`[${test.parent.project()?.name}] ${test.titlePath().slice(1).join(" › ")}`);
  }

  async onEnd(result: FullResult) {
    const minutes = result.duration / 60_000;
    const problems: string[] = [];
    if (this.total > BROWSER_SUITE_BUDGET.tests)
      problems.push(`${this.total} browser tests, past the budget of ${BROWSER_SUITE_BUDGET.tests}.`);
    if (minutes > BROWSER_SUITE_BUDGET.minutes)
      problems.push(`The browser suite took ${minutes.toFixed(1)} minutes, past the budget of ${BROWSER_SUITE_BUDGET.minutes}.`);
    if (this.skipped.length > 0) problems.push(`${this.skipped.length} skipped: ${this.skipped.join("; ")}.`);
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
