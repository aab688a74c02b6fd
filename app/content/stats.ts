// Every number the marketing copy claims lives here, once. A claim with a source shows it wherever it appears.

export interface StatSource {
  label: string;
  url: string;
}

export interface Stat {
  id: string;
  value: string;
  label: string;
  source?: StatSource;
}

export const stats = [
  { id: "hours-saved", value: "20+", label: "hours saved every week" },
  { id: "response-rate", value: "80%", label: "higher response rate" },
  { id: "more-meetings", value: "2x", label: "more meetings booked" },
  { id: "conversion", value: "30%", label: "higher conversion" },
  { id: "satisfaction", value: "97%", label: "client satisfaction" },
  {
    id: "speed-to-lead",
    value: "900%",
    label: "higher conversion when a lead is answered within 5 minutes",
    source: {
      label: "Lead Response Management Study, InsideSales.com with Dr. James Oldroyd, MIT (2007)",
      url: "https://www.leadresponsemanagement.org/lrm_study",
    },
  },
] as const satisfies readonly Stat[];

export type StatId = (typeof stats)[number]["id"];

export function getStat(id: StatId): Stat {
  const stat = stats.find((entry) => entry.id === id);
  if (!stat) throw new Error(`Unknown statistic: ${id}`);
  return stat;
}
