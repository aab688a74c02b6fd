import { z } from "./zod";
import { LIMITS } from "~/lib/forms/limits";

// Building blocks shared by the form schemas. The lead forms run on the server only: the browser shows what the
// action answers (app/lib/forms/action.server.ts parses with Conform's zod adapter).

export const EMAIL_MESSAGE = "Please enter a valid email address";

// PostgreSQL refuses NUL in text, and no person types control characters; a line break in a one-line field would also
// reach an e-mail header. Tabs and line breaks stay allowed where the field is a text area.
// eslint-disable-next-line no-control-regex -- control characters are exactly what these refuse
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, with tab and line breaks allowed
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Refuses control characters with the field's own wording. */
export const withoutControlCharacters = (schema: z.ZodString, label: string, { multiline = false }: TextOptions = {}) =>
  schema.refine(
    (value) => !(multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value),
    `${label} contains characters that cannot be saved. Please remove them.`,
  );

export interface TextOptions {
  /** A text area, where line breaks belong. */
  multiline?: boolean;
}

/** Trimmed, non-empty, bounded text. */
export const requiredText = (max: number, emptyMessage: string, label: string, options?: TextOptions) =>
  withoutControlCharacters(
    z.string(emptyMessage).trim().min(1, emptyMessage).max(max, `${label} must be at most ${max} characters`),
    label,
    options,
  );

/** Trimmed, bounded text where an empty value is stored as NULL. */
export const optionalText = (max: number, label: string, options?: TextOptions) =>
  withoutControlCharacters(z.string().trim().max(max, `${label} must be at most ${max} characters`), label, options)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = z.string(EMAIL_MESSAGE).trim().max(LIMITS.email, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));

/** The fields of an object schema that must be filled in (those that refuse a missing value). */
export function requiredFields(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

const MARKUP = /<[a-z!/?]|&[#a-z0-9]+;/i;

/** Trimmed, bounded text that holds no markup: what an editor types where the site shows plain words. */
export const plainText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !MARKUP.test(value), `${label} cannot contain HTML: write it as plain text.`);

/**
 * A link to a page of this site, as a browser reads it: resolved against the site's origin, it must stay there (a
 * browser reads `/\evil.example/x` as `//evil.example/x`, another site). The path as resolved, which is what the link
 * then says, or null.
 */
export function pathOnSite(link: string, siteUrl: string): string | null {
  if (!link.startsWith("/") || /[\s<>"]/.test(link)) return null;
  const site = new URL(siteUrl);
  const url = URL.canParse(link, site) ? new URL(link, site) : null;
  return url?.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
