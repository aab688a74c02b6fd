import { lazy, Suspense, type ComponentType } from "react";

// The forms that sit in a page (not in a dialog) carry Conform and their own code: they load after the page hydrates.
// Until then the server's HTML stays as it is and works as a plain form (React keeps a suspended boundary's markup
// while hydrating), so a visitor who types or submits early loses nothing. See docs/decisions/012.

function afterHydration<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Form = lazy(async () => ({ default: await load() }));
  return function FormAfterHydration(props: Props) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  };
}

export const ContactForm = afterHydration(() => import("../../features/leads/contact-form").then((module) => module.ContactForm));
export const NewsletterForm = afterHydration(() =>
  import("../../features/newsletter/newsletter-form").then((module) => module.NewsletterForm),
);
export const FeatureRequestForm = afterHydration(() =>
  import("../../features/leads/feature-request-form").then((module) => module.FeatureRequestForm),
);
export const DownloadForm = afterHydration(() => import("../../features/leads/download-form").then((module) => module.DownloadForm));
