// A new resource's file (decision 035): its upload judged by its bytes, never by its name or declared type; its file found
// where every instance finds it (the database, like the blog's covers). When a publication first shows it, the
// newsletter drafts its issue (a publish hook it registers, decision 039). Adding one to the draft is
// ./resources-editor.server.ts.
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "~/lib/db/client.server";
import { resourceUploads } from "./tables";
import { formatFileSize, resourceFileSizes } from "~/lib/resource-files.server";
import type { SiteContentStore } from "./store.server";
import { isBuiltFile, RESOURCE_FORMATS, resourcesCollection, type ResourceEntry, type ResourceExtension } from "./resources-collection";

/** The largest file an editor may upload: the masterclass video is 5 MB, and an operator's post stops at 12 MB. */
export const RESOURCE_MAX_BYTES = 10 * 1024 * 1024;

export const ACCEPTED = "Upload a PDF, XLSX, MP4 or ZIP file.";

/** What the bytes are, in words, for the message that refuses them. */
const described = (ext: string | undefined) => {
  if (!ext) return "not a file type we recognize";
  // Read letter by letter: "an XLSX", "an MP4", "a PDF".
  const name = ext.toUpperCase();
  return `${/^[AEFHILMNORSX]/.test(name) ? "an" : "a"} ${name} file`;
};

/**
 * Why an upload cannot be a resource (a sentence for the editor), or its format: its name says which format it claims,
 * and its bytes must be that format (an XLSX is a zip holding a spreadsheetml workbook, not any zip).
 */
export async function judgeResourceFile(
  fileName: string,
  bytes: Uint8Array,
): Promise<{ error: string } | { extension: ResourceExtension; format: ResourceEntry["format"]; contentType: string }> {
  if (bytes.length === 0) return { error: `Choose the resource's file. ${ACCEPTED}` };
  if (bytes.length > RESOURCE_MAX_BYTES)
    return { error: `The file is ${formatFileSize(bytes.length)}: a resource may be at most ${formatFileSize(RESOURCE_MAX_BYTES)}.` };
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!extension || !(extension in RESOURCE_FORMATS)) return { error: `“${fileName}” is not a PDF, XLSX, MP4 or ZIP file. ${ACCEPTED}` };
  const claimed = RESOURCE_FORMATS[extension as ResourceExtension];
  const found = await fileTypeFromBuffer(bytes);
  if (found?.ext !== extension)
    return {
      error: `“${fileName}” is named as ${described(extension)}, but its content is ${described(found?.ext)}: upload the real ${claimed.format}.`,
    };
  return { extension: extension as ResourceExtension, ...claimed };
}

/** An uploaded resource's file, to serve at /resources/<file>. */
export async function findResourceUpload(db: Database, file: string) {
  const [row] = await db
    .select({ contentType: resourceUploads.contentType, body: resourceUploads.body })
    .from(resourceUploads)
    .where(eq(resourceUploads.file, file));
  return row;
}

/** Each resource's size as its card shows it: a built file's read from the build, an upload's from when it was stored. */
export async function resourceSizes(entries: readonly ResourceEntry[]): Promise<Record<string, string | null>> {
  const sizes = await resourceFileSizes(entries.filter((entry) => isBuiltFile(entry.file)).map((entry) => entry.file));
  for (const entry of entries) if (entry.bytes) sizes[entry.file] = formatFileSize(entry.bytes);
  return sizes;
}

/** A resource as published now (the download form's, the download page's): undefined when there is none of that id. */
export async function publishedResource(siteContent: Pick<SiteContentStore, "current">, id: string): Promise<ResourceEntry | undefined> {
  // While the database is away, the built ones still download (their files are the build's).
  const resources = await siteContent
    .current()
    .then((content) => content.resources as readonly ResourceEntry[])
    .catch(() => resourcesCollection.initial());
  return resources.find((resource) => resource.id === id);
}
