// The site content feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { AddResourceForm, newResourceField } from "./add-resource-form";
export { CollectionEditor, controlId, FieldControl } from "./collection-editor";
export {
  COLLECTION_NAMES,
  type CollectionName,
  collectionOf,
  type FaqEntry,
  type FieldSpec,
  fieldText,
  initialContent,
  isCollectionName,
  type SiteContent,
  statOf,
} from "./collections";
export { isBuiltFile, type ResourceEntry, resourcesCollection } from "./resources-collection";
export { ROADMAP_LIMITS } from "./roadmap-collection";
export { fieldTextProblem } from "./rules";
export { type SectionEntry, sectionOf } from "./sections-collection";
export { type TestimonialEntry } from "./testimonials-collection";
