// What the content editor's form posts (/blog-admin/content/:collection), read and checked once: each entry's fields
// through the collection's schema (the one the pages and the import share), and the answer for each change refused.
import { data } from "react-router";
import { fail, formText, type FieldErrors } from "~/lib/editor/action.server";
import { collectionOf, fieldName, POSITION, type CollectionName } from "./collections";
import type { ChangeResult } from "./content.server";

/** Every field of every entry the form carries, as typed: shown again when the change is refused, so nothing is lost. */
export function typedValues(form: FormData, name: CollectionName, count: number): Record<string, string> {
  const collection = collectionOf(name);
  const values: Record<string, string> = {};
  for (let index = 0; index < count; index += 1) {
    for (const field of collection.fields) values[fieldName(index, field.name)] = formText(form, fieldName(index, field.name));
    if (collection.ordered) values[fieldName(index, POSITION)] = formText(form, fieldName(index, POSITION));
  }
  return values;
}

/**
 * The entries the form describes, over the `current` ones (which fix their number and ids), validated by the
 * collection's schema and put in the order their positions say. Errors are keyed by the form's field names.
 */
export function readEntries(
  form: FormData,
  name: CollectionName,
  current: readonly unknown[],
): { entries?: unknown[]; errors: FieldErrors; values: Record<string, string> } {
  const collection = collectionOf(name);
  const values = typedValues(form, name, current.length);
  const input = current.map((entry, index) => {
    const own = Object.fromEntries(collection.fields.map((field) => [field.name, values[fieldName(index, field.name)] ?? ""]));
    return collection.fromForm(own, entry);
  });
  const parsed = collection.schema.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.length > 1 ? issue.path.join(".") : "form"] ??= issue.message;
    return { errors, values };
  }
  if (!collection.ordered) return { entries: parsed.data, errors, values };
  const positions = current.map((_, index) => Number(values[fieldName(index, POSITION)]));
  if (positions.some((position) => !Number.isInteger(position) || position < 1 || position > current.length)) {
    positions.forEach((position, index) => {
      if (!Number.isInteger(position) || position < 1 || position > current.length)
        errors[fieldName(index, POSITION)] = `A position from 1 to ${current.length}.`;
    });
    return { errors, values };
  }
  // Equal positions keep the form's order between them.
  const order = parsed.data.map((entry, index) => ({ entry, position: positions[index]!, index }));
  order.sort((a, b) => a.position - b.position || a.index - b.index);
  return { entries: order.map(({ entry }) => entry), errors, values };
}

/** The answer to a change that did not go through: refused by a rule, or made by someone else meanwhile. */
export function changeProblem(result: Exclude<ChangeResult, { status: "done" }>, values: Record<string, string>, refusedMessage: string) {
  if (result.status === "gone") throw data("No such collection.", { status: 404 });
  if (result.status === "refused") return fail(refusedMessage, 422, { errors: result.errors, values });
  const when = result.row.editedAt.toISOString().slice(0, 16).replace("T", " ");
  return fail(
    `Not saved: ${result.row.editedBy} changed this collection at ${when} UTC, after you opened it. Your text is below; open the page again to see their change, then make yours.`,
    409,
    { values },
  );
}
