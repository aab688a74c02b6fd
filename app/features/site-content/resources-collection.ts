// The resources on /resources as a collection of the structured content (docs/decisions/035): the nine built
// from app/content/downloads keep their file and can have their card edited; an editor adds a new one with its file
// (./resource-upload.server.ts), which is appended to the draft and published like any change.
import { resourceCategories, resources as builtResources, type Resource, type ResourceFormat } from "~/content/resources";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import type { Collection } from "./collection";

/** A resource as the pages show it; `bytes` is the size of an uploaded file (a built file's size is read from the build). */
export type ResourceEntry = Resource & { bytes?: number };

export const RESOURCE_LIMITS = { title: 100, description: 220, detail: 40 } as const;

/** The formats an upload may be, by the file name's extension, and what each is served as. */
export const RESOURCE_FORMATS = {
  pdf: { format: "PDF", contentType: "application/pdf" },
  xlsx: { format: "XLSX", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  mp4: { format: "MP4", contentType: "video/mp4" },
  zip: { format: "ZIP", contentType: "application/zip" },
} as const satisfies Record<string, { format: ResourceFormat; contentType: string }>;
export type ResourceExtension = keyof typeof RESOURCE_FORMATS;

const RESOURCE_ICONS = [...new Set(builtResources.map((resource) => resource.icon))];
const ICON_LABELS: Record<Resource["icon"], string> = {
  mail: "Mail",
  type: "Text",
  repeat: "Repeat",
  "shield-check": "Shield",
  compass: "Compass",
  "bar-chart-3": "Chart",
  "list-checks": "Checklist",
  calculator: "Calculator",
  "play-circle": "Video",
};

const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:pdf|xlsx|mp4|zip)$/;

/** One card's fields, as the editor types them: the same checks for an edit and for a new resource. */
export const ResourceCardSchema = z.object({
  title: plainText("The title", RESOURCE_LIMITS.title).pipe(z.string().min(1, "Write the title.")),
  description: plainText("The description", RESOURCE_LIMITS.description).pipe(z.string().min(1, "Write the description.")),
  category: z.enum(resourceCategories.map((category) => category.id) as ["templates", "guides", "tools"], "Choose a section."),
  icon: z.enum(RESOURCE_ICONS as [Resource["icon"], ...Resource["icon"][]], "Choose an icon."),
  detail: plainText("The detail", RESOURCE_LIMITS.detail).pipe(z.string().min(1, "Say how long it is (9 pages, Video, 6 min).")),
});

export const ResourceEntrySchema = ResourceCardSchema.extend({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  file: z.string().regex(FILE_NAME),
  format: z.enum(["PDF", "XLSX", "MP4", "ZIP"]),
  bytes: z.number().int().positive().optional(),
}) satisfies z.ZodType<ResourceEntry>;

/** The nine built resources stay, each with its own file: their files come from the build, not from an upload. */
export const isBuiltFile = (file: string) => builtResources.some((resource) => resource.file === file);

const keepsBuilt = (entries: readonly ResourceEntry[]) =>
  builtResources.every((built) => entries.some((entry) => entry.id === built.id && entry.file === built.file)) &&
  entries.every((entry) => isBuiltFile(entry.file) === builtResources.some((built) => built.id === entry.id));
const unique = (entries: readonly ResourceEntry[]) =>
  new Set(entries.map((entry) => entry.id)).size === entries.length && new Set(entries.map((entry) => entry.file)).size === entries.length;

export const resourcesCollection: Collection<ResourceEntry> = {
  name: "resources",
  title: "Resources",
  description:
    "The free downloads on /resources: edit a card, or add a new resource with its file. Publishing a new one drafts its newsletter issue.",
  pages: ["/resources"],
  schema: z
    .array(ResourceEntrySchema)
    .refine(keepsBuilt, "The nine built resources stay, each with its own file.")
    .refine(unique, "Each resource has its own address and file."),
  fields: [
    { name: "title", label: "Title", kind: "text", max: RESOURCE_LIMITS.title, copy: "editorial" },
    { name: "description", label: "Description", kind: "textarea", max: RESOURCE_LIMITS.description, copy: "editorial" },
    {
      name: "category",
      label: "Section",
      kind: "select",
      options: resourceCategories.map((category) => ({ value: category.id, label: category.title })),
    },
    { name: "icon", label: "Icon", kind: "select", options: RESOURCE_ICONS.map((icon) => ({ value: icon, label: ICON_LABELS[icon] })) },
    { name: "detail", label: "Length", kind: "text", max: RESOURCE_LIMITS.detail, hint: "As the card says it: 9 pages, Video, 6 min." },
  ],
  ordered: true,
  // An uploaded resource can go; the nine built ones stay (their files are part of the build).
  removable: { noun: "resource", allows: (entry) => !isBuiltFile(entry.file) },
  entryTitle: (entry) => `${entry.title} (${entry.file})`,
  initial: () => builtResources.map((resource) => ({ ...resource })),
  fromForm: (values, current) => ({
    ...current,
    title: values.title ?? "",
    description: values.description ?? "",
    category: values.category ?? "",
    icon: values.icon ?? "",
    detail: values.detail ?? "",
  }),
};

/** A resource by its id among those published. */
export const resourceIn = (entries: readonly ResourceEntry[], id: string) => entries.find((entry) => entry.id === id);
