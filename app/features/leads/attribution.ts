import type { Visit } from "~/lib/forms/visit";

/** Where a visit came from, as stored with its lead (app/lib/forms/visit.server.ts). */
export type Attribution = Visit;

/** "linkedin / social · spring-launch · from www.google.com · landed on /pricing", or null when nothing was recorded. */
export function describeAttribution(visit: Attribution): string | null {
  const parts = [
    [visit.utmSource, visit.utmMedium].filter(Boolean).join(" / "),
    visit.utmCampaign ?? "",
    visit.referrer ? `from ${visit.referrer}` : "",
    visit.landingPage ? `landed on ${visit.landingPage}` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** Each recorded value with its label, in the order the privacy policy lists them. */
export function attributionEntries(visit: Attribution): { label: string; value: string; filter: string }[] {
  const entries: [string, string | null][] = [
    ["Landing page", visit.landingPage],
    ["Referring site", visit.referrer],
    ["utm_source", visit.utmSource],
    ["utm_medium", visit.utmMedium],
    ["utm_campaign", visit.utmCampaign],
    ["utm_term", visit.utmTerm],
    ["utm_content", visit.utmContent],
  ];
  return entries.filter((entry): entry is [string, string] => entry[1] !== null).map(([label, value]) => ({ label, value, filter: value }));
}
