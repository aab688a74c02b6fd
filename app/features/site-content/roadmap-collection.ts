// The roadmap collection (docs/decisions/035): its items, each with the capability it delivers and its status, which is
// that capability's availability on every page. Its schema, form fields and first content; its publishing rules are
// in ../rules.ts (a plan may not sell what the roadmap calls planned).
import { capabilities, getCapability, type CapabilityId } from "~/content/capabilities";
import { ICONS, type IconName } from "~/content/icons";
import { initialRoadmapItems, roadmapStatusLabels, type RoadmapItem, type RoadmapStatus } from "~/content/roadmap";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import type { Collection } from "./collection";

export const ROADMAP_LIMITS = { name: 80, description: 300 } as const;

const ITEM_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const STATUSES = Object.keys(roadmapStatusLabels) as [RoadmapStatus, ...RoadmapStatus[]];
const CAPABILITY_IDS = capabilities.map((capability) => capability.id) as [CapabilityId, ...CapabilityId[]];
const ICON_NAMES = Object.keys(ICONS) as [IconName, ...IconName[]];

export const RoadmapItemSchema = z.object({
  id: z.string().regex(ITEM_ID, "An item's id is made from its name."),
  month: z.string().trim().regex(MONTH, "Write the month as YYYY-MM, for example 2026-11."),
  name: plainText("The name", ROADMAP_LIMITS.name).pipe(z.string().min(1, "Name the item.")),
  description: plainText("The description", ROADMAP_LIMITS.description).pipe(z.string().min(1, "Say what the item brings.")),
  icon: z.enum(ICON_NAMES, "Choose an icon from the list."),
  capability: z.preprocess((value) => value || null, z.enum(CAPABILITY_IDS, "Choose the capability the item delivers.").nullable()),
  status: z.enum(STATUSES, "Choose completed, planned or coming soon."),
}) satisfies z.ZodType<RoadmapItem>;

/** Each id once (pages link to it, votes join by it), and each capability delivered by one item: its one availability. */
const RoadmapSchema = z.array(RoadmapItemSchema).superRefine((items, context) => {
  items.forEach((item, index) => {
    if (items.findIndex((other) => other.id === item.id) !== index)
      context.addIssue({ code: "custom", path: [index, "name"], message: `Another item already has the id "${item.id}".` });
    const first = items.findIndex((other) => other.capability === item.capability);
    if (item.capability && first !== index)
      context.addIssue({
        code: "custom",
        path: [index, "capability"],
        message: `"${items[first]!.name}" already delivers ${getCapability(item.capability!).label}: a capability has one item, one availability.`,
      });
  });
});

/** A new item's id: its name as an anchor, made unique among `taken` with a number. Never changed after. */
export function roadmapItemId(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "item";
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

export const roadmap: Collection<RoadmapItem> = {
  name: "roadmap",
  title: "Roadmap",
  description:
    "The roadmap's items, month by month. An item's status is its capability's availability on every page: moving one to Completed sells it on /features and lets a plan list it.",
  pages: ["/roadmap", "/", "/features", "/pricing"],
  schema: RoadmapSchema,
  fields: [
    { name: "month", label: "Month (YYYY-MM)", kind: "text", max: 7 },
    { name: "name", label: "Name", kind: "text", max: ROADMAP_LIMITS.name, copy: "marketing" },
    { name: "description", label: "Description", kind: "textarea", max: ROADMAP_LIMITS.description, copy: "marketing" },
    {
      name: "status",
      label: "Status",
      kind: "select",
      options: STATUSES.map((status) => ({ value: status, label: roadmapStatusLabels[status] })),
    },
    {
      name: "capability",
      label: "Capability it delivers",
      kind: "select",
      options: [
        { value: "", label: "None yet (an idea the site sells nothing of)" },
        ...capabilities.map((capability) => ({ value: capability.id, label: capability.label })),
      ],
    },
    { name: "icon", label: "Icon", kind: "select", options: ICON_NAMES.map((icon) => ({ value: icon, label: icon })) },
  ],
  ordered: false,
  entryTitle: (item) => `${item.month} · ${item.name}`,
  initial: initialRoadmapItems,
  fromForm: (values, current) => ({
    id: current?.id ?? "",
    month: values.month ?? "",
    name: values.name ?? "",
    description: values.description ?? "",
    icon: values.icon ?? "",
    capability: values.capability ?? "",
    status: values.status ?? "",
  }),
};
