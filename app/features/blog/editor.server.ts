// What the blog editor's forms post, read and checked once for /console/posts/new and /console/posts/:id: the fields,
// the cover (re-encoded and stored before the row that names it), and the answer the page shows (app/lib/editor/).
import { data } from "react-router";
import type { Database } from "~/lib/db/client.server";
import { done, fail, formText, readFields, redirectDone, refused, type FieldErrors } from "~/lib/editor/action.server";
import { consolePaths } from "~/lib/console/paths";
import { BODY_IMAGE_ALT_MAX, BODY_IMAGE_ALT_REQUIRED, bodyImageSnippet, insertSnippet } from "./body-image";
import { processBodyImage } from "./body-image-upload.server";
import { CoverRejected, processCover } from "./cover-upload.server";
import { EDITOR_FIELDS, PostFieldsSchema, publishRequirements, slugFromTitle } from "./post-fields";
import { createPost, findPost, storeFiles, type PostRow, type SaveResult } from "./posts.server";
import { postHtml } from "./snapshot.server";

/** The typed fields, validated; the slug derived from the title when it was left empty. */
export function readPostFields(form: FormData) {
  return readFields(form, PostFieldsSchema, (typed) => ({ ...typed, slug: typed.slug?.trim() || slugFromTitle(typed.title ?? "") }));
}

/** The Preview tab's answer: the body as readers will see it, nothing stored. */
export const previewAnswer = (form: FormData) => done("", { html: postHtml(formText(form, "content")) });

/** The uploaded cover (or social image: `field`), re-encoded and stored; undefined when none was chosen. */
export async function readCover(
  form: FormData,
  db: Database,
  field: "cover" | "socialImage" = "cover",
): Promise<{ cover?: { name: string; placeholder: string }; error?: string }> {
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) return {};
  try {
    const processed = await processCover(new Uint8Array(await file.arrayBuffer()));
    await storeFiles(db, processed.files);
    return { cover: { name: processed.name, placeholder: processed.placeholder } };
  } catch (error) {
    if (error instanceof CoverRejected) return { error: error.message };
    throw error;
  }
}

/** The images a save may carry, each checked and stored: the cover and the social image, and their errors by field. */
export async function readImages(form: FormData, db: Database) {
  const [cover, social] = await Promise.all([readCover(form, db), readCover(form, db, "socialImage")]);
  const errors: FieldErrors = {};
  if (cover.error) errors.cover = cover.error;
  if (social.error) errors.socialImage = social.error;
  return { cover: cover.cover, social: social.cover, errors };
}

/**
 * "Add an image" under the content: the image checked like a cover, stored, and answered as the tag to put in the
 * Markdown (`snippet`). Without JavaScript the whole form was sent, so the answer also gives back what was typed with
 * the tag added at the end of the content (not saved yet: the editor's next save keeps it).
 */
export async function uploadBodyImage(form: FormData, db: Database) {
  const alt = formText(form, "bodyImageAlt").replace(/\s+/g, " ").trim();
  const file = form.get("bodyImage");
  const typed = Object.fromEntries(EDITOR_FIELDS.map((name) => [name, formText(form, name)]));
  const refuse = (errors: FieldErrors) =>
    fail("The image was not added. Correct what is marked below.", 422, { errors, values: { ...typed, bodyImageAlt: alt } });
  if (!(file instanceof File) || file.size === 0) return refuse({ bodyImage: "Choose an image to upload." });
  if (!alt) return refuse({ bodyImageAlt: BODY_IMAGE_ALT_REQUIRED });
  if (alt.length > BODY_IMAGE_ALT_MAX) return refuse({ bodyImageAlt: `The description must be at most ${BODY_IMAGE_ALT_MAX} characters.` });
  try {
    const image = await processBodyImage(new Uint8Array(await file.arrayBuffer()));
    await storeFiles(db, [image.file]);
    const snippet = bodyImageSnippet({ src: image.src, alt, width: image.width, height: image.height });
    return done(`Image added to the content (${image.width} × ${image.height} px). Save to keep it.`, {
      snippet,
      values: { ...typed, content: insertSnippet(typed.content ?? "", snippet) },
    });
  } catch (error) {
    if (error instanceof CoverRejected) return refuse({ bodyImage: error.message });
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

/** /console/posts/new: the first save makes the draft, then the editor continues at the post's own address. */
export async function createDraft(form: FormData, db: Database, actor: string) {
  const { fields, errors, values } = readPostFields(form);
  const images = await readImages(form, db);
  Object.assign(errors, images.errors);
  if (!fields || Object.keys(images.errors).length > 0)
    return fail("The draft was not saved. Correct the fields marked below.", 422, { errors, values });
  const result = await createPost(db, actor, {
    ...fields,
    cover: images.cover?.name ?? null,
    coverPlaceholder: images.cover?.placeholder ?? null,
    socialImage: images.social?.name ?? null,
  });
  if (result.status !== "saved") return saveProblem(result);
  throw redirectDone(consolePaths.post(result.row.id), "saved");
}

export async function loadPostOr404(db: Database, id: string | undefined): Promise<PostRow> {
  const number = Number(id);
  const row = Number.isSafeInteger(number) && number > 0 ? await findPost(db, number) : undefined;
  if (!row) throw data("This post does not exist.", { status: 404 });
  return row;
}
