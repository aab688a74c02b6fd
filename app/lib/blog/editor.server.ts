// What the blog editor's forms post, read and checked once for /blog-admin/new and /blog-admin/posts/:id: the fields,
// the cover (re-encoded and stored before the row that names it), and the answer the page shows (app/lib/editor/).
import { data, type RouterContextProvider } from "react-router";
import { databaseContext, operatorContext } from "~/context";
import { done, fail, formText, readFields, redirectDone, refused, type FieldErrors } from "~/lib/editor/action.server";
import { blogAdminPaths } from "~/lib/console/paths";
import { CoverRejected, processCover } from "./cover-upload.server";
import { PostFieldsSchema, publishRequirements, slugFromTitle } from "./post-fields";
import { createPost, findPost, storeFiles, type PostRow, type SaveResult } from "./posts.server";
import { postHtml } from "./snapshot.server";

export function actorOf(context: Readonly<RouterContextProvider>) {
  return context.get(operatorContext).email;
}

export function dbOf(context: Readonly<RouterContextProvider>) {
  return context.get(databaseContext).db;
}

/** The typed fields, validated; the slug derived from the title when it was left empty. */
export function readPostFields(form: FormData) {
  return readFields(form, PostFieldsSchema, (typed) => ({ ...typed, slug: typed.slug?.trim() || slugFromTitle(typed.title ?? "") }));
}

/** The Preview tab's answer: the body as readers will see it, nothing stored. */
export const previewAnswer = (form: FormData) => done("", { html: postHtml(formText(form, "content")) });

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

/** What the editor tells about a save or a change of state that did not go through. */
export function saveProblem(result: Exclude<SaveResult, { status: "saved" }>) {
  const by = result.status === "conflict" ? result.row.editedBy : "";
  return refused(result.status, {
    "slug-taken": {
      message: "Another post already uses this slug. Choose another one.",
      errors: { slug: "Another post already uses this slug." },
    },
    conflict: `Someone else saved this post (by ${by}) after you opened it. Nothing of yours was saved: copy your changes, reload the page and apply them again.`,
    gone: "This post no longer exists.",
  });
}

/** Every field a reader sees is there (before publishing or scheduling). */
export function readyToPublish(row: PostRow): FieldErrors {
  return publishRequirements(row);
}

/** /blog-admin/new: the first save makes the draft, then the editor continues at the post's own address. */
export async function createDraft(form: FormData, context: Readonly<RouterContextProvider>) {
  const { fields, errors, values } = readPostFields(form);
  const { cover, error: coverError } = await readCover(form, context);
  if (coverError) errors.cover = coverError;
  if (!fields || coverError) return fail("The draft was not saved. Correct the fields marked below.", 422, { errors, values });
  const result = await createPost(dbOf(context), actorOf(context), {
    ...fields,
    cover: cover?.name ?? null,
    coverPlaceholder: cover?.placeholder ?? null,
  });
  if (result.status !== "saved") return saveProblem(result);
  throw redirectDone(blogAdminPaths.post(result.row.id), "saved");
}

export async function loadPostOr404(context: Readonly<RouterContextProvider>, id: string | undefined): Promise<PostRow> {
  const number = Number(id);
  const row = Number.isSafeInteger(number) && number > 0 ? await findPost(dbOf(context), number) : undefined;
  if (!row) throw data("This post does not exist.", { status: 404 });
  return row;
}
