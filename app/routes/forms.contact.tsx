import { FormOutcome } from "~/components/forms/form-outcome";
import { ContactForm } from "~/features/leads";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { FormToasts } from "~/components/forms/form-toasts";
import { formRoute } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import type { Route } from "./+types/forms.contact";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Send us a message", description: "Write to the Replywise team.", path: "/forms/contact", noindex: true });

// No React: with JavaScript the form is sent in place by the page script, as on the pages that show it (decision 041).
export const handle: HydrationHandle & PageScriptHandle = { ...staticPage, script: leadFormsScript };
export const headers = formHeaders;

// A post without JavaScript gets this page; the page script's gets JSON (decision 041).
const post = formRoute("contact");
export const middleware = post.middleware;
export const action = post.action;

export default function ContactFormPage({ actionData }: Route.ComponentProps) {
  usePageScript(leadFormsScript);
  return (
    <>
      <PageHeader title="Send us a message" description="We'll get back to you as soon as possible." />
      <Container className="flex max-w-2xl flex-col gap-8 py-14">
        <FormOutcome name="contact" result={actionData} />
        <ContactForm lastResult={actionData} />
      </Container>
      <FormToasts />
    </>
  );
}
