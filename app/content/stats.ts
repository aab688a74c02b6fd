// Every number the marketing copy claims lives here, once, with what it is: a study's finding (linked, worded as the
// study measured it), an early-access report (with its sample) or our own target. The content test fails when a
// figure appears anywhere else in the copy.

export interface StatSource {
  label: string;
  url: string;
}

export type StatBasis =
  /** A published study: the label says what it measured, `measured` adds who and how, the source is linked. */
  | { kind: "study"; measured: string; source: StatSource }
  /** What early-access customers reported, with the sample: how many teams, over what period, asked how. */
  | { kind: "early-access-report"; sample: string }
  /** A goal we set for the product, not a measured result. */
  | { kind: "target" };

export interface Stat {
  id: string;
  value: string;
  label: string;
  basis: StatBasis;
}

const target = { kind: "target" } as const;

export const stats = [
  { id: "hours-saved", value: "20+", label: "hours saved every week", basis: target },
  { id: "response-rate", value: "80%", label: "higher response rate", basis: target },
  { id: "more-meetings", value: "2x", label: "more meetings booked", basis: target },
  { id: "conversion", value: "30%", label: "higher conversion", basis: target },
  { id: "satisfaction", value: "97%", label: "client satisfaction", basis: target },
  {
    id: "speed-to-lead",
    value: "900%",
    label: "higher odds of reaching an inbound web lead by phone in its first minutes than an hour later",
    basis: {
      kind: "study",
      measured:
        "15,000+ web leads and 100,000+ call attempts at six companies: how often a phone call reached and qualified a lead, by how long it waited. It measured phone follow-up of web forms, not sales and not email replies, so read the multiplier as directional.",
      source: {
        label: "Lead Response Management Study, InsideSales.com with Dr. James Oldroyd, MIT (2007)",
        url: "https://www.leadresponsemanagement.org/lrm_study",
      },
    },
  },
  {
    id: "qualify-within-hour",
    value: "Nearly 7x",
    label: "as likely to qualify a web lead, for firms that tried to reach it within an hour rather than later",
    basis: {
      kind: "study",
      measured: "An audit of how 2,241 US firms answered web leads, compared with firms that waited longer than an hour.",
      source: {
        label: "“The Short Life of Online Sales Leads”, Harvard Business Review (2011)",
        url: "https://hbr.org/2011/03/the-short-life-of-online-sales-leads",
      },
    },
  },
] as const satisfies readonly Stat[];

export type StatId = (typeof stats)[number]["id"];

export function getStat(id: StatId): Stat {
  const stat = stats.find((entry) => entry.id === id);
  if (!stat) throw new Error(`Unknown statistic: ${id}`);
  return stat;
}

/** What the figure is, in a few words, shown under it wherever it appears. */
export function basisNote(stat: Stat): string | null {
  if (stat.basis.kind === "target") return "Our target, not a measured result";
  if (stat.basis.kind === "early-access-report") return `Reported by ${stat.basis.sample}`;
  return null;
}
