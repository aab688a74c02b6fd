// Where visits come from, as a marketer reads it (docs/decisions/021): a source named once whether it arrived tagged
// (`utm_source=google`) or by a link (`www.google.com`), and every visit in one channel. The rules are data here; the
// SQL that applies them is ./aggregate.server.ts's, and a report's test counts them independently.

export const CHANNELS = ["search", "social", "email", "referral", "paid", "direct"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  search: "Search",
  social: "Social",
  email: "Email",
  referral: "Referral",
  paid: "Paid",
  direct: "Direct",
};

/**
 * Sources known by name: a `utm_source` or a referring host that matches `pattern` (PostgreSQL's regular expressions,
 * over the lower-cased value) is that source, and a visit from it with no telling `utm_medium` is in its channel.
 */
export const KNOWN_SOURCES: readonly { name: string; pattern: string; channel: "search" | "social" }[] = [
  { name: "google", pattern: String.raw`^(google|(.+\.)?google(\.[a-z]{2,3}){1,2})$`, channel: "search" },
  { name: "bing", pattern: String.raw`^(bing|(.+\.)?bing\.com)$`, channel: "search" },
  { name: "duckduckgo", pattern: String.raw`^(duckduckgo|(.+\.)?duckduckgo\.com)$`, channel: "search" },
  { name: "yahoo", pattern: String.raw`^(yahoo|(.+\.)?search\.yahoo\.com)$`, channel: "search" },
  { name: "ecosia", pattern: String.raw`^(ecosia|(.+\.)?ecosia\.org)$`, channel: "search" },
  { name: "brave", pattern: String.raw`^(brave|search\.brave\.com)$`, channel: "search" },
  { name: "linkedin", pattern: String.raw`^(linkedin|(.+\.)?linkedin\.com|lnkd\.in)$`, channel: "social" },
  { name: "facebook", pattern: String.raw`^(facebook|fb|(.+\.)?facebook\.com|fb\.me)$`, channel: "social" },
  { name: "instagram", pattern: String.raw`^(instagram|ig|(.+\.)?instagram\.com)$`, channel: "social" },
  { name: "x", pattern: String.raw`^(x|twitter|(.+\.)?(twitter|x)\.com|t\.co)$`, channel: "social" },
  { name: "reddit", pattern: String.raw`^(reddit|(.+\.)?reddit\.com)$`, channel: "social" },
  { name: "youtube", pattern: String.raw`^(youtube|(.+\.)?youtube\.com|youtu\.be)$`, channel: "social" },
];

/** `utm_medium` values that say the channel outright (lower-cased), tried in this order: paid, email, social, search. */
export const MEDIUM_PATTERNS: readonly { channel: Exclude<Channel, "referral" | "direct">; pattern: string }[] = [
  { channel: "paid", pattern: String.raw`^(cpc|ppc|cpm|cpv|cpa|paid|paid[-_ ]?(search|social|media)|display|banner|retargeting)$` },
  { channel: "email", pattern: String.raw`^(e-?mail|newsletter)$` },
  { channel: "social", pattern: String.raw`^(social|social[-_ ]?(media|network)|organic[-_ ]?social|sm)$` },
  { channel: "search", pattern: String.raw`^(organic|organic[-_ ]?search|seo)$` },
];

/** A source that is email whatever its medium (`utm_source=newsletter`). */
export const EMAIL_SOURCE = String.raw`^(newsletter|e-?mail|mailchimp|substack)$`;

/** Ad click ids that only an ad carries: a visit with one is paid. (`fbclid` and `li_fat_id` ride on unpaid posts too.) */
export const PAID_CLICK_IDS = ["gclid", "msclkid"] as const;
