import { afterHydration } from "~/components/forms/lazy-forms";

// The lead forms a page shows in place, loaded after the page hydrates (docs/decisions/012).
export const ContactForm = afterHydration(() => import("./contact-form").then((module) => module.ContactForm));
export const FeatureRequestForm = afterHydration(() => import("./feature-request-form").then((module) => module.FeatureRequestForm));
export const DownloadForm = afterHydration(() => import("./download-form").then((module) => module.DownloadForm));
