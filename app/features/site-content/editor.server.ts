// What the content editor's form posts (/console/content/:collection), read and checked once: each entry's fields
// through the collection's schema (the one the pages and the import share), and the answer for each change refused.
import { data } from "react-router";
import { fail, formText, type FieldErrors } from "~/lib/editor/action.server";
import { collectionOf, fieldName, fieldsOf, mayRemove, POSITION, REMOVE, type CollectionName } from "./collections";
import type { ChangeResult } from "./content.server";

/** The form's entries: those there are, and for a collection that grows, an empty one at the end to add. */
export const formEntries = (name: CollectionName, current: readonly unknown[]): unknown[] =>
  collectionOf(name).resizable ? [...current, undefined] : [...current];

/** Every field of every entry the form carries, as typed: shown again when the change is refused, so nothing is lost. */
export function typedValues(form: FormData, name: CollectionName, current: readonly unknown[]): Record<string, string> {
  const collection = collectionOf(name);
  const values: Record<string, string> = {};
  formEntries(name, current).forEach((entry, index) => {
    for (const field of fieldsOf(collection, entry)) values[fieldName(index, field.name)] = formText(form, fieldName(index, field.name));
    if (collection.ordered) values[fieldName(index, POSITION)] = formText(form, fieldName(index, POSITION));
    if (mayRemove(collection, entry) && form.get(fieldName(index, REMOVE))) values[fieldName(index, REMOVE)] = "on";
  });
  return values;
}

/**
 * The entries the form describes, over the `current` ones (which fix their number and ids, unless the collection grows
 * and shrinks), validated by the collection's schema and put in the order their positions say. Errors are keyed by the
 * form's field names; `formIndex` gives each entry's place in the form, for the publish rules' errors.
 */
export function readEntries(
  form: FormData,
  name: CollectionName,
  current: readonly unknown[],
): { entries?: unknown[]; errors: FieldErrors; values: Record<string, string>; formIndex: number[] } {
  const collection = collectionOf(name);
  const values = typedValues(form, name, current);
  const slots = formEntries(name, current);
  const ownValues = (index: number, entry: unknown) =>
    Object.fromEntries(fieldsOf(collection, entry).map((field) => [field.name, values[fieldName(index, field.name)] ?? ""]));
  // A removed entry, and the empty one left to add, are not entries: what stays keeps its place in the form.
  const kept = slots.flatMap((entry, index) => {
    if (values[fieldName(index, REMOVE)]) return [];
    const own = ownValues(index, entry);
    const typed = fieldsOf(collection, entry).some((field) => field.kind !== "select" && own[field.name]?.trim());
    return entry === undefined && !typed ? [] : [{ index, input: collection.fromForm(own, entry, current) }];
  });
  const formIndex = kept.map(({ index }) => index);
  const parsed = collection.schema.safeParse(kept.map(({ input }) => input));
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [at, ...rest] = issue.path;
      const key = typeof at === "number" && rest.length ? [formIndex[at], ...rest].join(".") : "form";
      errors[key] ??= issue.message;
    }
    return { errors, values, formIndex };
  }
  if (!collection.ordered) return { entries: parsed.data, errors, values, formIndex };
  const count = kept.length;
  const positions = formIndex.map((index) => Number(values[fieldName(index, POSITION)]));
  if (positions.some((position) => !Number.isInteger(position) || position < 1 || position > slots.length)) {
    positions.forEach((position, at) => {
      if (!Number.isInteger(position) || position < 1 || position > slots.length)
        errors[fieldName(formIndex[at]!, POSITION)] = `A position from 1 to ${count}.`;
    });
    return { errors, values, formIndex };
  }
  // Of two at one position, the one the editor moved there goes first (a 1 typed on the tenth puts it on top); else the
  // form's order stays.
  const order = parsed.data.map((entry, at) => ({ entry, position: positions[at]!, at, moved: positions[at] !== formIndex[at]! + 1 }));
  order.sort((a, b) => a.position - b.position || Number(b.moved) - Number(a.moved) || a.at - b.at);
  return { entries: order.map(({ entry }) => entry), errors, values, formIndex: order.map(({ at }) => formIndex[at]!) };
}

/** Errors keyed by the entries' places in the published order (`2.answer`), keyed by their places in the form. */
export function inFormOrder(errors: FieldErrors, formIndex: readonly number[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => {
      const [at, ...rest] = key.split(".");
      const index = formIndex[Number(at)];
      return [index === undefined || !rest.length ? key : [index, ...rest].join("."), message];
    }),
  );
}

/** The answer to a change that did not go through: refused by a rule, or made by someone else meanwhile. */
export function changeProblem(
  result: Exclude<ChangeResult, { status: "done" }>,
  values: Record<string, string>,
  refusedMessage: string,
  formIndex?: readonly number[],
) {
  if (result.status === "gone") throw data("No such collection.", { status: 404 });
  if (result.status === "refused")
    return fail(refusedMessage, 422, { errors: formIndex ? inFormOrder(result.errors, formIndex) : result.errors, values });
  const when = result.row.editedAt.toISOString().slice(0, 16).replace("T", " ");
  return fail(
    `Not saved: ${result.row.editedBy} changed this collection at ${when} UTC, after you opened it. Your text is below; open the page again to see their change, then make yours.`,
    409,
    { values },
  );
}
