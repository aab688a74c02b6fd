// The pictures editors upload with the content (docs/decisions/035): a testimonial's photo or logo. Judged by its bytes
// and re-encoded as the blog's covers are (features/blog: processSquareImage), stored in the database like the resources'
// files so every instance serves it, under a new name each time (/images/content/<file>).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { CoverRejected, processSquareImage } from "~/features/blog/index.server";
import type { Database } from "~/lib/db/client.server";
import type { FieldErrors } from "~/lib/editor/action.server";
import { collectionOf, fieldName, PICTURE_UPLOAD, type CollectionName } from "./collections";
import { formEntries } from "./editor.server";
import { contentImages } from "./tables";

/** Where the pictures are served from, and the names they take there. */
export const CONTENT_IMAGE_DIR = "/images/content";
export const CONTENT_IMAGE_FILE = /^picture-[0-9a-f]{12}\.webp$/;

export async function findContentImage(db: Database, file: string) {
  const [row] = await db
    .select({ contentType: contentImages.contentType, body: contentImages.body })
    .from(contentImages)
    .where(eq(contentImages.file, file));
  return row;
}

/**
 * The pictures uploaded with a change to a collection that takes them: each is checked and re-encoded, stored, and its
 * path written into the entry's picture field of `form`, so the change carries it like a typed path. A refused file
 * is an error beside its field and nothing is stored; a picture stored before another field is refused stays, and the
 * form shown again holds its path, so it is not asked for twice.
 */
export async function takePictureUploads(
  db: Database,
  actor: string,
  form: FormData,
  name: CollectionName,
  current: readonly unknown[],
): Promise<FieldErrors> {
  const picture = collectionOf(name).picture;
  const errors: FieldErrors = {};
  if (!picture) return errors;
  const processed: { index: number; file: string; body: Buffer; contentType: string }[] = [];
  for (const index of formEntries(name, current).keys()) {
    const upload = form.get(fieldName(index, PICTURE_UPLOAD));
    if (!(upload instanceof File) || upload.size === 0) continue;
    try {
      const image = await processSquareImage(new Uint8Array(await upload.arrayBuffer()), picture.size);
      processed.push({ index, file: `picture-${randomBytes(6).toString("hex")}.webp`, ...image });
    } catch (error) {
      if (!(error instanceof CoverRejected)) throw error;
      errors[fieldName(index, PICTURE_UPLOAD)] = error.message;
    }
  }
  if (Object.keys(errors).length > 0 || processed.length === 0) return errors;
  await db.insert(contentImages).values(processed.map(({ file, contentType, body }) => ({ file, contentType, body, uploadedBy: actor })));
  for (const { index, file } of processed) form.set(fieldName(index, picture.into), `${CONTENT_IMAGE_DIR}/${file}`);
  return errors;
}
