// One collection of the site's structured content in the editor (docs/decisions/035): every entry's fields as the
// collection declares them, the reason beside a field a change was refused for, and the buttons for each change.
// Plain forms: everything works without JavaScript, like the rest of the console's; once hydrated, the hints and the
// figures computed from the fields follow what is typed.
import { Fragment, useState, type FormEvent } from "react";
import { PostForm } from "~/components/console/post-form";
import {
  ErrorSummary,
  PublishJumpBar,
  PublishButtons,
  PublishPanel,
  ScheduleFields,
  type PublishState,
} from "~/components/console/publish-panel";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatInZone } from "~/lib/console/time-zone";
import type { EditorAnswer } from "~/lib/editor/answer";
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from "~/lib/seo-limits";
import {
  collectionOf,
  fieldName,
  fieldsOf,
  mayRemove,
  fieldText,
  PICTURE_UPLOAD,
  POSITION,
  REMOVE,
  type Collection,
  type CollectionName,
  type DerivedSpec,
  type FieldSpec,
} from "./collections";

interface CollectionEditorProps {
  name: CollectionName;
  version: number;
  entries: unknown[];
  /** What was typed, when a change was refused: shown instead of the saved entries. */
  values?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
  /** What the rules point out without refusing (rules.ts, `contentWarnings`), beside the field. */
  warnings?: Record<string, string> | undefined;
  /** What the rules would refuse in the working copy now (rules.ts, `publishProblems`): the panel's "still missing". */
  missing: Record<string, string>;
  /** The answer to the last change, when it was refused: said in the panel, where the focus goes. */
  refused?: EditorAnswer | undefined;
  state: PublishState;
  /** ISO instants. */
  publishedAt: string | null;
  scheduledAt: string | null;
  timeZone: string;
}

/** The id of the control FieldControl renders for a form name. */
export const controlId = (name: string) => `field-${name.replace(/\W/g, "-")}`;

/** Errors keyed like the form's fields (`3.answer`), as links to their controls named by entry and label. */
const problemsOf = (errors: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(errors).map((name) => ({ id: name === "form" ? "content-form" : controlId(name), label: labels[name] ?? name }));

/** What a field's own rules ask (app/features/site-content/rules.ts), said before the editor publishes; `values`: the entry as typed now. */
function hintOf(spec: FieldSpec, values: Readonly<Record<string, string>>): string | undefined {
  const rule =
    spec.seo === "title"
      ? `Search engines show up to ${SEO_TITLE_MAX} characters of a title.`
      : spec.seo === "description"
        ? `Search engines show ${SEO_DESCRIPTION_MIN} to ${SEO_DESCRIPTION_MAX} characters of a description.`
        : spec.altOf
          ? "Required when there is a picture."
          : undefined;
  const own = typeof spec.hint === "function" ? spec.hint(values) : spec.hint;
  return [own, rule].filter(Boolean).join(" ") || undefined;
}

export function FieldControl({
  spec,
  name,
  value,
  error,
  warning,
  values = {},
}: {
  spec: FieldSpec;
  name: string;
  value: string;
  error: string | undefined;
  warning?: string | undefined;
  /** The entry's fields as typed now, by their names, for a hint that reads them. */
  values?: Readonly<Record<string, string>>;
}) {
  const id = controlId(name);
  const described = [error ? `${id}-error` : "", warning ? `${id}-warning` : ""].filter(Boolean).join(" ");
  const common = { id, name, defaultValue: value, ...fieldErrorProps(id, error), ...(described ? { "aria-describedby": described } : {}) };
  return (
    <Field id={id} label={spec.label} error={error} hint={hintOf(spec, values)}>
      {spec.kind === "textarea" ? (
        <Textarea {...common} rows={4} maxLength={spec.max} />
      ) : spec.kind === "select" ? (
        <NativeSelect {...common}>
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input {...common} type={spec.kind === "url" ? "url" : "text"} maxLength={spec.max} />
      )}
      {warning ? (
        <p id={`${id}-warning`} data-content-warning="" className="text-sm font-medium text-warning">
          {warning}
        </p>
      ) : null}
    </Field>
  );
}

/** A figure computed from the entry's fields: an output tied to them, never posted. */
function DerivedFigure({ spec, index, values }: { spec: DerivedSpec; index: number; values: Readonly<Record<string, string>> }) {
  const id = controlId(fieldName(index, spec.name));
  return (
    <div data-slot="field" className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium">
        {spec.label}
      </span>
      <output id={id} aria-labelledby={`${id}-label`} data-derived={spec.name} className="text-base font-semibold">
        {spec.value(values)}
      </output>
      {spec.hint ? <p className="text-xs text-muted-foreground">{spec.hint}</p> : null}
    </div>
  );
}

/** The file field that sets an entry's picture: checked and re-encoded by the server, its path then in the field above. */
function PictureUpload({
  picture,
  name,
  error,
}: {
  picture: NonNullable<Collection<unknown>["picture"]>;
  name: string;
  error: string | undefined;
}) {
  const id = controlId(name);
  return (
    <Field id={id} label={picture.label} error={error} hint={picture.hint}>
      <Input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        {...fieldErrorProps(id, error)}
        className="h-auto py-2"
      />
    </Field>
  );
}

interface EntryFieldsProps {
  collection: Collection<unknown>;
  entry: unknown;
  index: number;
  /** Each field's text as the form first shows it, by its name in the entry. */
  initial: Record<string, string>;
  errors: Record<string, string>;
  warnings: Record<string, string>;
}

/** One entry's fields. What is typed is kept here as well, so the hints and the computed figures read the current value. */
function EntryFields({ collection, entry, index, initial, errors, warnings }: EntryFieldsProps) {
  const [values, setValues] = useState(initial);
  const prefix = fieldName(index, "");
  const typed = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (!target.name?.startsWith(prefix)) return;
    const name = target.name.slice(prefix.length);
    setValues((current) => (current[name] === target.value ? current : { ...current, [name]: target.value }));
  };
  return (
    <div className="contents" onChange={typed}>
      {fieldsOf(collection, entry).map((spec) => (
        <Fragment key={spec.name}>
          <FieldControl
            spec={spec}
            name={fieldName(index, spec.name)}
            value={initial[spec.name] ?? ""}
            error={errors[fieldName(index, spec.name)]}
            warning={warnings[fieldName(index, spec.name)]}
            values={values}
          />
          {collection.picture?.into === spec.name ? (
            <PictureUpload
              picture={collection.picture}
              name={fieldName(index, PICTURE_UPLOAD)}
              error={errors[fieldName(index, PICTURE_UPLOAD)]}
            />
          ) : null}
          {collection.derived
            ?.filter((derived) => derived.after === spec.name)
            .map((derived) => (
              <DerivedFigure key={derived.name} spec={derived} index={index} values={values} />
            ))}
        </Fragment>
      ))}
    </div>
  );
}

export function CollectionEditor({
  name,
  version,
  entries,
  values,
  errors = {},
  warnings = {},
  missing,
  refused,
  state,
  publishedAt,
  scheduledAt,
  timeZone,
}: CollectionEditorProps) {
  const collection = collectionOf(name);
  const valueOf = (index: number, field: string, entry: unknown) =>
    values?.[fieldName(index, field)] ?? fieldText(collection, entry, field);
  // A collection that grows shows an empty entry at the end: filled in, it is added.
  const slots = collection.resizable ? [...entries, undefined] : entries;
  const labels: Record<string, string> = { form: collection.title, publishAt: "Publish at" };
  slots.forEach((entry, index) => {
    labels[fieldName(index, POSITION)] = `${index + 1}. Position`;
    for (const spec of fieldsOf(collection, entry)) labels[fieldName(index, spec.name)] = `${index + 1}. ${spec.label}`;
  });
  return (
    <PostForm
      id="content-form"
      className="flex flex-col gap-6"
      aria-label={`Edit ${collection.title}`}
      {...(collection.picture ? { encType: "multipart/form-data" as const } : {})}
    >
      <input type="hidden" name="version" value={version} />
      {/* The panel first: on a phone it opens the form; on a wide screen it stays in view in its own column (decision 046). */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1 lg:self-stretch">
          <PublishPanel
            state={state}
            summary={
              state === "scheduled" && scheduledAt
                ? `Scheduled for ${formatInZone(scheduledAt, timeZone)}`
                : state === "changed"
                  ? "Changed since publishing: the site shows what was published until this draft is"
                  : state === "live" && publishedAt
                    ? `Live since ${formatInZone(publishedAt, timeZone)}`
                    : "Draft: never published"
            }
            missing={problemsOf(missing, labels)}
            refused={refused ? <ErrorSummary message={refused.message} problems={problemsOf(refused.errors ?? {}, labels)} /> : null}
          >
            <PublishButtons />
            <ScheduleFields error={errors.publishAt} typed={values?.publishAtLocal} scheduledAt={scheduledAt} timeZone={timeZone} />
          </PublishPanel>
        </div>
        <ol className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          {slots.map((entry, index) => (
            <li key={index}>
              <fieldset className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
                <legend className="px-1 text-sm font-semibold">
                  {entry === undefined
                    ? `Add a ${collection.resizable?.noun ?? "entry"} (leave empty to add none)`
                    : `${index + 1}. ${collection.entryTitle(entry as never, index)}`}
                </legend>
                {collection.ordered ? (
                  <FieldControl
                    spec={{ name: POSITION, label: "Position", kind: "number" }}
                    name={fieldName(index, POSITION)}
                    value={values?.[fieldName(index, POSITION)] ?? String(index + 1)}
                    error={errors[fieldName(index, POSITION)]}
                  />
                ) : null}
                <EntryFields
                  collection={collection}
                  entry={entry}
                  index={index}
                  initial={Object.fromEntries(fieldsOf(collection, entry).map((spec) => [spec.name, valueOf(index, spec.name, entry)]))}
                  errors={errors}
                  warnings={warnings}
                />
                {mayRemove(collection, entry) ? (
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={fieldName(index, REMOVE)}
                      defaultChecked={values?.[fieldName(index, REMOVE)] === "on"}
                      className="size-4 accent-primary"
                    />
                    Remove this {collection.resizable?.noun ?? collection.removable?.noun ?? "entry"}
                  </label>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
      </div>
      <PublishJumpBar state={state} missing={Object.keys(missing).length} />
    </PostForm>
  );
}
