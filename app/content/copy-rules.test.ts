import { describe, expect, it } from "vitest";
import { checkCopy, checkUnavailableMentions, formatProblems } from "~/lib/copy-rules";

const today = "2026-11-23";
const marketing = { marketing: true };
const editorial = { marketing: false };
const check = (text: string, rules = marketing, file = "app/content/home.ts") => formatProblems(checkCopy(file, text, rules, today));

describe("copy rules", () => {
  it("finds UK spellings and e-mail, with the file, the line and the US word", () => {
    expect(check('const a = "ok";\nconst b = "We personalise the colour of every e-mail.";')).toEqual([
      'app/content/home.ts:2: UK spelling "colour": write "color"',
      'app/content/home.ts:2: UK spelling "personalise": write "personalize"',
      'app/content/home.ts:2: UK spelling "e-mail": write "email"',
    ]);
    expect(check("Analysed by the organisation, honoured and summarised.", editorial)).toHaveLength(4);
    expect(check("Color, behavior, organization, analysis, analyses, email, summary.")).toEqual([]);
  });

  it("finds prices without two decimals, not regular-expression replacements", () => {
    expect(check("Starter costs $15 a month, or $0.3 per credit; Agencies $150.00, and $1,500.00 a year.")).toEqual([
      'app/content/home.ts:1: price "$15" without two decimals: write "$15.00"',
      'app/content/home.ts:1: price "$0.3" without two decimals: write "$0.30"',
    ]);
    expect(check('text.replace(/x(y)/, "$1")')).toEqual([]);
  });

  it("finds statistics in marketing copy only", () => {
    const text = "Save 20+ hours, get 80% more replies and 2x the meetings, 7 times faster. Reply in 5 minutes, 24/7.";
    expect(check(text)).toEqual([
      'app/content/home.ts:1: statistic "20+" outside app/content/stats.ts: add it there, with its source or basis',
      'app/content/home.ts:1: statistic "80%" outside app/content/stats.ts: add it there, with its source or basis',
      'app/content/home.ts:1: statistic "2x" outside app/content/stats.ts: add it there, with its source or basis',
      'app/content/home.ts:1: statistic "7 times" outside app/content/stats.ts: add it there, with its source or basis',
    ]);
    expect(check(text, editorial, "app/content/blog/post.md")).toEqual([]);
    expect(check('className="w-[calc(100%-2rem)] -translate-x-1/2 grid-cols-2"')).toEqual([]);
  });

  it("finds relative dates in marketing copy", () => {
    expect(check("Early access: launching next month with heavy discounts. Details soon.")).toEqual([
      'app/content/home.ts:1: "next month" goes stale: store the date in app/content and write the month',
      'app/content/home.ts:1: "Details soon" goes stale: store the date in app/content and write the month',
    ]);
  });

  it("finds the future tense tied to a date that has passed, in any copy", () => {
    const problems = check(
      "Public launch is planned for October 2026. Slack ships in Q3 2026, we will launch it on March 3, 2026.",
      editorial,
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('future tense tied to a past date ("October 2026")');
    // Past tense, or a date still to come, is fine; a month is true until its last day.
    expect(check("Enforcement began in February 2024. Launch is planned for January 2027.", editorial)).toEqual([]);
    expect(formatProblems(checkCopy("a.md", "We will launch in November 2026.", editorial, "2026-11-30"))).toEqual([]);
    expect(formatProblems(checkCopy("a.md", "We will launch in November 2026.", editorial, "2026-12-01"))).toHaveLength(1);
  });

  it("skips comment lines in code", () => {
    expect(check("// the colour token, 100% of the time\n/* next month */")).toEqual([]);
  });

  it("finds a planned capability named as if available, unless the sentence says it is planned", () => {
    const slack = [{ id: "slack-notifications", mentions: /\b(slack|chat or e-?mail)\b/i }];
    expect(
      formatProblems(checkUnavailableMentions("a.md", "Get notified by chat or email. Slack notifications are planned.", slack)),
    ).toEqual([
      'a.md:1: "chat or email" names slack-notifications, which is not available: say it is planned, or read it from capabilities.ts',
    ]);
  });
});
