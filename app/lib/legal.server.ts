import { z } from "zod";
import { site } from "~/content/site";
import { parseFrontmatter, renderMarkdown } from "./markdown.server";

// Bundled into the server build at build time, so the running server needs no content folder on disk.
const sources = import.meta.glob<string>("../content/legal/*.md", { query: "?raw", import: "default", eager: true });

export type LegalSlug = "privacy" | "terms" | "cookies";

const LegalFrontmatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  lastUpdated: z.iso.date(),
});

export interface LegalDocument {
  title: string;
  description: string;
  /** ISO date, YYYY-MM-DD. */
  lastUpdated: string;
  /** Display text, e.g. "March 1, 2025". */
  lastUpdatedLabel: string;
  html: string;
}

const placeholders: Record<string, string> = {
  company: site.name,
  contactEmail: site.contactEmail,
  siteUrl: site.siteUrl,
};

function fillPlaceholders(text: string, fileName: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = placeholders[key];
    if (value === undefined) throw new Error(`${fileName}: unknown placeholder {{${key}}}`);
    return value;
  });
}

export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function getLegalDocument(slug: LegalSlug): LegalDocument {
  const fileName = `app/content/legal/${slug}.md`;
  const source = sources[`../content/legal/${slug}.md`];
  if (source === undefined) throw new Error(`${fileName}: not found`);
  const { data, body } = parseFrontmatter(source, fileName);
  const parsed = LegalFrontmatterSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(`${fileName}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  const { title, description, lastUpdated } = parsed.data;
  return {
    title,
    description: fillPlaceholders(description, fileName),
    lastUpdated,
    lastUpdatedLabel: formatLongDate(lastUpdated),
    html: renderMarkdown(fillPlaceholders(body, fileName)),
  };
}
