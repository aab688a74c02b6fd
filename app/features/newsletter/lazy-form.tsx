import { afterHydration } from "~/components/forms/lazy-forms";

/** The sign-up form a page shows in place, loaded after the page hydrates (docs/decisions/012). */
export const NewsletterForm = afterHydration(() => import("./newsletter-form").then((module) => module.NewsletterForm));
