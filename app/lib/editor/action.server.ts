// The one way an editor's action (a blog post, a newsletter issue) reads its fields and its scheduled time, answers,
// says a change went through after a redirect, and reports a change refused for what another editor did meanwhile.
import { data, redirect } from "react-router";
import type { z } from "zod";
import { instantInZone } from "../console/time-zone";
import type { EditorAnswer, FieldErrors } from "./answer";

export type { EditorAnswer, FieldErrors } from "./answer";

/** The URL parameter that names what was done, on the page a change redirects to. */
const DONE_PARAM = "done";

/** A form field's text ("" when it is missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The change went through: the sentence, and what the page needs next (the new version, a preview…). */
export const done = (message: string, extra: Omit<EditorAnswer, "ok" | "message"> = {}) =>
  data<EditorAnswer>({ ok: true, message, ...extra });

/** The change was refused: the sentence, what was wrong field by field, and what was typed to show again. */
export const fail = (message: string, status = 422, extra: Pick<EditorAnswer, "errors" | "values" | "version"> = {}) =>
  data<EditorAnswer>({ ok: false, message, ...extra }, { status });

/**
 * The fields a schema names, as typed, validated: the first problem of each field by its name, and what was typed
 * (after `prepare`, e.g. a slug derived from the title) to show again when it was refused.
 */
export function readFields<Schema extends z.ZodObject>(
  form: FormData,
  schema: Schema,
  prepare: (values: Record<string, string>) => Record<string, string> = (values) => values,
): { fields?: z.output<Schema>; errors: FieldErrors; values: Record<string, string> } {
  const typed = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, formText(form, name)]));
  const parsed = schema.safeParse(prepare(typed));
  if (parsed.success) return { fields: parsed.data, errors: {}, values: typed };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { errors, values: typed };
}

/**
 * The time a change is scheduled for, when it is in the future: a `datetime-local` field read in the console's one time
 * zone (decision 046), the same with and without JavaScript.
 */
export function futureTime(form: FormData, field: string, timeZone: string): Date | undefined {
  const date = instantInZone(formText(form, field), timeZone);
  return date && date.getTime() > Date.now() ? date : undefined;
}

/** The answer to a change refused for the state it found: 409 and the sentence for it; `gone` answers 404. */
export function refused<Status extends string>(
  status: Status,
  sentences: Record<Exclude<Status, "gone">, string | { message: string; errors: FieldErrors }> & { gone: string },
) {
  if (status === "gone") throw data(sentences.gone, { status: 404 });
  const sentence = sentences[status as Exclude<Status, "gone">];
  return typeof sentence === "string" ? fail(sentence, 409) : fail(sentence.message, 409, { errors: sentence.errors });
}

/** After a change made by a plain form: the page again, saying what was done (`doneMessage` reads it). */
export const redirectDone = (path: string, what: string) => redirect(`${path}?${DONE_PARAM}=${what}`, 303);

/** The sentence for what the redirect says was done, among the page's own. */
export function doneMessage<Key extends string>(request: Request, sentences: Record<Key, string>): string | undefined {
  const what = new URL(request.url).searchParams.get(DONE_PARAM);
  return what !== null && Object.hasOwn(sentences, what) ? sentences[what as Key] : undefined;
}
