import { data, redirect, type RouterContextProvider } from "react-router";
import { databaseContext, operatorContext } from "~/context";
import type { PostFields } from "~/lib/db/schema";
import { blogAdminPaths } from "~/lib/inbox/paths";
import { PostFieldsSchema, publishRequirements, slugFromTitle } from "./post-fields";
import { CoverRejected, processCover } from "./cover-upload.server";
import { createPost, findPost, storeFiles, type PostRow, type SaveResult } from "./posts.server";

// What the editor's forms post, read and checked once for /blog-admin/new and /blog-admin/posts/:id: the fields, the
// cover (re-encoded and stored before the row that names it), and the answer the page shows.

export type FieldErrors = Record<string, string>;

/** What an editor action answers: a message and what was wrong, field by field, with what was typed kept. */
export interface EditorResult {
  ok: boolean;
  message: string;
  errors?: FieldErrors;
  /** The row's version after the change, for the next save (autosave keeps the page's copy current). */
  version?: number;
  /** The post's body as readers will see it (the Preview tab). */
  html?: string;
  /** What was typed, when it was refused: the page shows it again (without JavaScript too), so nothing is lost. */
  values?: Record<string, string>;
}

export const EDITOR_FIELDS = ["title", "slug", "excerpt", "content", "author", "category", "tags", "coverAlt"] as const;

export const fail = (message: string, errors: FieldErrors = {}, status = 422, values?: Record<string, string>) =>
  data<EditorResult>({ ok: false, message, errors, ...(values ? { values } : {}) }, { status });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The editor's fields as posted. */
export function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries(EDITOR_FIELDS.map((name) => [name, text(form, name)]));
}

export function actorOf(context: Readonly<RouterContextProvider>) {
  return context.get(operatorContext).email;
}

export function dbOf(context: Readonly<RouterContextProvider>) {
  return context.get(databaseContext).db;
}

/** The typed fields, validated; the slug derived from the title when it was left empty. */
export function readFields(form: FormData): { fields?: Omit<PostFields, "cover" | "coverPlaceholder">; errors: FieldErrors } {
  const title = text(form, "title");
  const parsed = PostFieldsSchema.safeParse({
    title,
    slug: text(form, "slug").trim() || slugFromTitle(title),
    excerpt: text(form, "excerpt"),
    content: text(form, "content"),
    author: text(form, "author"),
    category: text(form, "category"),
    tags: text(form, "tags"),
    coverAlt: text(form, "coverAlt"),
  });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { errors };
  }
  return { fields: parsed.data, errors: {} };
}

/** The uploaded cover, re-encoded and stored; undefined when none was chosen. */
export async function readCover(
  form: FormData,
  context: Readonly<RouterContextProvider>,
): Promise<{ cover?: { name: string; placeholder: string }; error?: string }> {
  const file = form.get("cover");
  if (!(file instanceof File) || file.size === 0) return {};
  try {
    const processed = await processCover(new Uint8Array(await file.arrayBuffer()));
    await storeFiles(dbOf(context), processed.files);
    return { cover: { name: processed.name, placeholder: processed.placeholder } };
  } catch (error) {
    if (error instanceof CoverRejected) return { error: error.message };
    throw error;
  }
}

/** What the editor tells about a save that did not go through. */
export function saveProblem(result: Exclude<SaveResult, { status: "saved" }>) {
  switch (result.status) {
    case "slug-taken":
      return fail("Another post already uses this slug. Choose another one.", { slug: "Another post already uses this slug." }, 409);
    case "conflict":
      return fail(
        `Someone else saved this post (by ${result.row.editedBy}) after you opened it. Nothing of yours was saved: copy your changes, reload the page and apply them again.`,
        {},
        409,
      );
    case "gone":
      throw data("This post no longer exists.", { status: 404 });
  }
}

/** Every field a reader sees is there (before publishing or scheduling). */
export function readyToPublish(row: PostRow): FieldErrors {
  return publishRequirements(row);
}

/** /blog-admin/new: the first save makes the draft, then the editor continues at the post's own address. */
export async function createDraft(form: FormData, context: Readonly<RouterContextProvider>) {
  const { fields, errors } = readFields(form);
  const { cover, error: coverError } = await readCover(form, context);
  if (coverError) errors.cover = coverError;
  if (!fields || coverError) return fail("The draft was not saved. Correct the fields marked below.", errors, 422, typedValues(form));
  const result = await createPost(dbOf(context), actorOf(context), {
    ...fields,
    cover: cover?.name ?? null,
    coverPlaceholder: cover?.placeholder ?? null,
  });
  if (result.status !== "saved") return saveProblem(result);
  throw redirect(`${blogAdminPaths.post(result.row.id)}?done=saved`, 303);
}

export async function loadPostOr404(context: Readonly<RouterContextProvider>, id: string | undefined): Promise<PostRow> {
  const number = Number(id);
  const row = Number.isSafeInteger(number) && number > 0 ? await findPost(dbOf(context), number) : undefined;
  if (!row) throw data("This post does not exist.", { status: 404 });
  return row;
}
