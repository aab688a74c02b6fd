import { z } from "./zod";

// Building blocks shared by the four lead forms. Lengths match the columns of db/migrations/0001_init.sql.

export const LIMITS = { name: 100, email: 254, company: 200, title: 200, longText: 5000, source: 200, resourceId: 100 } as const;

export const EMAIL_MESSAGE = "Please enter a valid email address";

/** Trimmed, non-empty, bounded text. */
export const requiredText = (max: number, emptyMessage: string, label: string) =>
  z.string(emptyMessage).trim().min(1, emptyMessage).max(max, `${label} must be at most ${max} characters`);

/** Trimmed, bounded text where an empty value is stored as NULL. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = z.string(EMAIL_MESSAGE).trim().max(LIMITS.email, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));

/** The hidden field people never see and bots fill in; a filled-in honeypot drops the submission silently. */
export const HONEYPOT_FIELD = "website";

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
export type FieldValues<Field extends string> = Partial<Record<Field, string>>;

/** The first message per field, keyed by field name. */
export function fieldErrorsOf<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<Field>;
}

/** The named text fields of a submitted form (files and unknown fields are ignored). */
export function formValues<Field extends string>(formData: FormData, fields: readonly Field[]): FieldValues<Field> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values as FieldValues<Field>;
}
