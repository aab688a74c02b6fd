import { createHash } from "node:crypto";
import { z } from "zod";
import { companyDefaults, type CompanyDetails } from "~/content/company";
import { site } from "~/content/site";
import { formatLongDate } from "./dates";
import { ANALYTICS_RETENTION_DEFAULT_DAYS, describeDays, RETENTION_DEFAULT_DAYS } from "./retention/retention";
import { parseFrontmatter, renderMarkdown } from "./markdown.server";

// Bundled into the server build at build time, so the running server needs no content folder on disk.
const sources = import.meta.glob<string>("../content/legal/*.md", { query: "?raw", import: "default", eager: true });

export type LegalSlug = "privacy" | "terms" | "cookies";

const FINGERPRINT = /^[0-9a-f]{12}$/;

const LegalVersionSchema = z.object({
  date: z.iso.date(),
  summary: z.string().trim().min(3).max(240),
  /** The fingerprint of the text this version published (legalTextFingerprint). */
  text: z
    .string("must be the fingerprint that npm test prints, in quotes")
    .regex(FINGERPRINT, "must be the 12-character fingerprint that npm test prints"),
});

const LegalFrontmatterSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().min(1),
    versions: z.array(LegalVersionSchema).min(1),
  })
  .strict()
  .refine(({ versions }) => versions.every((version, index) => index === 0 || version.date > versions[index - 1]!.date), {
    message: "versions must be in date order, oldest first, one per date",
    path: ["versions"],
  });

export interface LegalVersion {
  /** ISO date, YYYY-MM-DD. */
  date: string;
  /** Display text, e.g. "March 1, 2025". */
  dateLabel: string;
  summary: string;
}

export interface LegalDocument {
  title: string;
  description: string;
  /** The date of the newest version, YYYY-MM-DD. */
  lastUpdated: string;
  lastUpdatedLabel: string;
  /** Oldest first: the first entry is the date the page was first published. */
  versions: LegalVersion[];
  html: string;
}

/**
 * What a policy's {{placeholders}} say. The company's details are site content (docs/decisions/043), handed in by the
 * page's loader as published: the law wants an address on these pages, so a placeholder one shows here until it is
 * fixed (the server and the console say so in production).
 */
const placeholdersOf = (company: CompanyDetails): Record<string, string> => ({
  product: site.name,
  companyName: company.name,
  companyAddress: company.address,
  governingLaw: company.governingLaw,
  contactEmail: company.salesEmail,
  siteUrl: site.siteUrl,
  // The retention purge's defaults (app/lib/retention/retention.ts), as the privacy policy states them: "2 years".
  contactRetention: describeDays(RETENTION_DEFAULT_DAYS.contact),
  featureRequestRetention: describeDays(RETENTION_DEFAULT_DAYS.featureRequest),
  downloadRetention: describeDays(RETENTION_DEFAULT_DAYS.download),
  outboxRetention: describeDays(RETENTION_DEFAULT_DAYS.outbox),
  auditRetention: describeDays(RETENTION_DEFAULT_DAYS.audit),
  spamRetention: describeDays(RETENTION_DEFAULT_DAYS.spam),
  analyticsRetention: describeDays(ANALYTICS_RETENTION_DEFAULT_DAYS),
});

function fillPlaceholders(text: string, fileName: string, placeholders: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = placeholders[key];
    if (value === undefined) throw new Error(`${fileName}: unknown placeholder {{${key}}}`);
    return value;
  });
}

/**
 * A short fingerprint of a policy's text as written (placeholders unfilled, whitespace folded), so rewrapping a line
 * does not count as a change but any change of wording does. Each version entry records the one it published.
 */
export function legalTextFingerprint(body: string): string {
  return createHash("sha256").update(body.replace(/\s+/g, " ").trim()).digest("hex").slice(0, 12);
}

export function parseLegalSource(source: string, fileName: string) {
  const { data, body } = parseFrontmatter(source, fileName);
  const parsed = LegalFrontmatterSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(`${fileName}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  return { ...parsed.data, body };
}

export function loadLegalDocument(source: string, fileName: string, company: CompanyDetails = companyDefaults): LegalDocument {
  const { title, description, versions, body } = parseLegalSource(source, fileName);
  const placeholders = placeholdersOf(company);
  const latest = versions.at(-1)!;
  return {
    title,
    description: fillPlaceholders(description, fileName, placeholders),
    lastUpdated: latest.date,
    lastUpdatedLabel: formatLongDate(latest.date),
    versions: versions.map(({ date, summary }) => ({
      date,
      dateLabel: formatLongDate(date),
      summary: fillPlaceholders(summary, fileName, placeholders),
    })),
    html: renderMarkdown(fillPlaceholders(body, fileName, placeholders)),
  };
}

export function legalSource(slug: LegalSlug): { fileName: string; source: string } {
  const fileName = `app/content/legal/${slug}.md`;
  const source = sources[`../content/legal/${slug}.md`];
  if (source === undefined) throw new Error(`${fileName}: not found`);
  return { fileName, source };
}

/** The policy with the company's details as published (the sitemap, which reads only its dates, leaves them out). */
export function getLegalDocument(slug: LegalSlug, company?: CompanyDetails): LegalDocument {
  const { fileName, source } = legalSource(slug);
  return loadLegalDocument(source, fileName, company);
}
