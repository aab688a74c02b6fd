// The rules that keep the copy true, as pure functions over text: app/content/content.test.ts runs them over every
// source of visitor-facing text (failing `npm test` with the file and line), the content editor at publish time.

export interface CopyProblem {
  file: string;
  line: number;
  message: string;
}

/** Which rules apply to a file: editorial text (posts, guides, legal pages) may quote figures and relative dates. */
export interface CopyRules {
  /** Marketing copy: no statistic outside stats.ts, no relative date ("next month"). */
  marketing: boolean;
}

// A short list of UK spellings and what US English writes instead. Stems cover -ise/-isation/-our/-yse families.
const UK_SPELLINGS: readonly [RegExp, (word: string) => string][] = [
  [/\b(colour|favour|honour|behaviour|labour|neighbour|flavour|humour)(s|ed|ing|ite|ites|able)?\b/gi, (w) => w.replace(/our/i, "or")],
  [
    /\b(organi|personali|summari|recogni|prioriti|optimi|centrali|customi|minimi|maximi|reali|apologi|utili|standardi|categori|finali|authori|visuali|speciali|normali|saniti|emphasi|capitali|characteri)s(e|es|ed|ing|ation|ations|er|ers)\b/gi,
    (w) => w.replace(/s(e|es|ed|ing|ation|ations|er|ers)$/i, "z$1"),
  ],
  [/\banalys(e|ed|ing)\b/gi, (w) => w.replace(/ys/i, "yz")],
  [
    /\b(catalogue|programme|licence|centre|whilst|amongst)s?\b/gi,
    (w) =>
      ({ catalogue: "catalog", programme: "program", licence: "license", centre: "center", whilst: "while", amongst: "among" })[
        w.toLowerCase().replace(/s$/, "")
      ] ?? w,
  ],
  [/\benquir(y|ies|e|es|ed|ing)\b/gi, (w) => w.replace(/^enq/i, "inq")],
  [/\be-mails?\b/gi, (w) => w.replace("-", "")],
];

// Whole US dollars or cents, as written: "$15", "$0.3", "$1,500.00".
const PRICE = /\$\d[\d,]*(?:\.\d+)?/g;
const TWO_DECIMALS = /\.\d{2}$/;

// A figure that claims something: "80%", "2x", "20+", "7 times".
const STATISTIC = /(?<![\w.$\-/[#(])\d+(?:\.\d+)?(?:%|x\b|×|\+(?=[\s"'`,.)]|$))|\b\d+ times\b/gi;

// Relative dates go stale on their own: copy names the month instead (see launch.ts).
const RELATIVE_DATE =
  /\b(next (week|month|quarter|year)|this (month|quarter)|later this year|in the coming (weeks|months)|details soon)\b/gi;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const DATE_IN_TEXT = new RegExp(
  `\\b(${MONTHS.join("|")})(?: (\\d{1,2}),)? (\\d{4})\\b|\\bQ([1-4]) (\\d{4})\\b|\\b(\\d{4})-(\\d{2})(?:-(\\d{2}))?\\b`,
  "gi",
);
const FUTURE =
  /\b(will|shall|launch(es|ing)|coming|upcoming|soon|next|planned for|is planned|are planned|scheduled|expected|due (in|on|by))\b/i;

/** The last day a date in text can mean, as YYYY-MM-DD: "March 2026" is true until March 31, 2026. */
function lastDayOf(match: RegExpExecArray): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const endOfMonth = (year: number, month: number) => `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
  if (match[1]) {
    const month = MONTHS.indexOf(match[1].toLowerCase()) + 1;
    return match[2] ? `${match[3]}-${pad(month)}-${pad(Number(match[2]))}` : endOfMonth(Number(match[3]), month);
  }
  if (match[4]) return endOfMonth(Number(match[5]), Number(match[4]) * 3);
  return match[8] ? `${match[6]}-${match[7]}-${match[8]}` : endOfMonth(Number(match[6]), Number(match[7]));
}

/** Comment lines in code hold no visitor-facing text. */
function isCodeComment(line: string, file: string): boolean {
  return /\.(ts|tsx)$/.test(file) && /^\s*(\/\/|\/\*|\*)/.test(line);
}

/** Runs every rule over one file's text; `today` is YYYY-MM-DD. */
export function checkCopy(file: string, text: string, rules: CopyRules, today: string): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (isCodeComment(line, file)) return;
    const report = (message: string) => problems.push({ file, line: index + 1, message });

    for (const [pattern, toUs] of UK_SPELLINGS) {
      for (const match of line.matchAll(pattern)) report(`UK spelling "${match[0]}": write "${toUs(match[0])}"`);
    }

    for (const match of line.matchAll(PRICE)) {
      // "$1" alone in quotes is a regular-expression replacement, not a price.
      if (/^\$\d$/.test(match[0]) && /["'`]/.test(line[match.index - 1] ?? "")) continue;
      if (!TWO_DECIMALS.test(match[0]))
        report(
          `price "${match[0]}" without two decimals: write "$${Number(match[0].slice(1).replace(/,/g, "")).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}"`,
        );
    }

    if (rules.marketing) {
      for (const match of line.matchAll(STATISTIC))
        report(`statistic "${match[0]}" outside app/content/stats.ts: add it there, with its source or basis`);
      for (const match of line.matchAll(RELATIVE_DATE))
        report(`"${match[0]}" goes stale: store the date in app/content and write the month`);
    }

    for (const sentence of line.split(/(?<=[.!?])\s+/)) {
      if (!FUTURE.test(sentence)) continue;
      for (const match of sentence.matchAll(DATE_IN_TEXT)) {
        if (lastDayOf(match) < today) report(`future tense tied to a past date ("${match[0]}"): "${sentence.trim().slice(0, 120)}"`);
      }
    }
  });
  return problems;
}

/**
 * Sentences that name a capability which is not available yet, without saying so. `mentions` comes from
 * capabilities.ts; a sentence passes when it also says "planned" or "coming soon".
 */
export function checkUnavailableMentions(
  file: string,
  text: string,
  unavailable: readonly { id: string; mentions: RegExp }[],
): CopyProblem[] {
  const problems: CopyProblem[] = [];
  text.split("\n").forEach((line, index) => {
    if (isCodeComment(line, file)) return;
    for (const sentence of line.split(/(?<=[.!?])\s+/)) {
      if (/\b(planned|coming soon|on (our|the) roadmap)\b/i.test(sentence)) continue;
      for (const { id, mentions } of unavailable) {
        const found = new RegExp(mentions.source, mentions.flags.replace("g", "")).exec(sentence);
        if (found)
          problems.push({
            file,
            line: index + 1,
            message: `"${found[0]}" names ${id}, which is not available: say it is planned, or read it from capabilities.ts`,
          });
      }
    }
  });
  return problems;
}

export function formatProblems(problems: readonly CopyProblem[]): string[] {
  return problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`);
}
