// What a collection of structured content is (docs/decisions/035): its name among the site's collections, and the shape
// every declaration (./collections.ts, ./*-collection.ts) fills in. Apart from the declarations, so they import it and
// not the list that imports them.
import type { z } from "~/lib/forms/zod";

export const COLLECTION_NAMES = ["statistics", "faq", "testimonials", "sections", "roadmap", "plans", "resources", "company"] as const;
export type CollectionName = (typeof COLLECTION_NAMES)[number];

export const isCollectionName = (value: unknown): value is CollectionName =>
  typeof value === "string" && (COLLECTION_NAMES as readonly string[]).includes(value);

/** One field of an entry in the editor's form; `name` is its dotted path in the entry (`basis.source.url`). */
export interface FieldSpec {
  name: string;
  label: string;
  kind: "text" | "textarea" | "url" | "select" | "number";
  max?: number;
  options?: readonly { value: string; label: string }[];
  /** Said under the field; a function reads the entry's fields as they are typed now (by their names), so it never goes stale. */
  hint?: string | ((values: Readonly<Record<string, string>>) => string);
  /** Which copy rules its text keeps at publish time (./rules.ts): marketing copy, or editorial text that may quote figures. */
  copy?: "marketing" | "editorial";
  /** What search engines show of it (./rules.ts): a title at most 60 characters, a description 50 to 160. */
  seo?: "title" | "description";
  /** It is the alt text of the image at this field (`image.src`): required when that image is set (./rules.ts). */
  altOf?: string;
}

/** A figure the entry's other fields decide (a plan's cost per credit): shown beside them as they are typed, never typed itself. */
export interface DerivedSpec {
  name: string;
  label: string;
  /** The field it is shown after. */
  after: string;
  /** Its text from the entry's fields as typed now, by their names. */
  value(values: Readonly<Record<string, string>>): string;
  hint?: string;
}

export interface Collection<Entry> {
  name: CollectionName;
  title: string;
  description: string;
  /** The public pages that show it: rendered by the server and cached until it changes. */
  pages: readonly string[];
  /** The whole document: the entries, in order. */
  schema: z.ZodType<Entry[]>;
  fields: readonly FieldSpec[];
  /**
   * A picture each entry may take as an upload (a testimonial's photo or logo): checked and re-encoded square at `size`
   * pixels (./content-images.server.ts), its path then set in the field `into`.
   */
  picture?: { into: string; size: number; label: string; hint: string };
  /** Figures computed from the fields, shown in the form and never read from it. */
  derived?: readonly DerivedSpec[];
  /** Whether the editor orders the entries (a position field per entry). */
  ordered: boolean;
  /** Entries may be added (an empty one at the end of the form) and removed, up to `max`; else their number is fixed. */
  resizable?: { max: number; noun: string };
  /** Entries the editor may remove though none is added here (an uploaded resource: a built one stays). */
  removable?: { noun: string; allows(entry: Entry): boolean };
  /** The form's fields of one entry, when they differ from entry to entry (else `fields`). */
  fieldsOf?(entry: Entry): readonly FieldSpec[];
  /** The collection's own rules at publish time, beyond the copy rules and the fields' own (./rules.ts): `refuse` marks a field. */
  publishRules?(entry: Entry, refuse: (field: string, reason: string) => void): void;
  entryTitle(entry: Entry, index: number): string;
  /** What app/content/ holds today: the collection's first content, imported once. */
  initial(): Entry[];
  /** A field's text in the form where it is not the entry's value at that name (a list as lines); else undefined. */
  formValue?(entry: Entry, name: string): string | undefined;
  /** The form's values of one entry (dotted names) as the entry's input to the schema; `others`: every entry before the change. */
  fromForm(values: Record<string, string>, current: Entry | undefined, others: readonly Entry[]): unknown;
}
