import { getFormProps } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/forms/limits";
import type { ContactFormInput } from "~/lib/schemas/contact";
import type { FormResult } from "~/lib/forms/result";
import { Honeypot, useLeadForm } from "./form-parts";
import { VisitFields } from "./visit-fields";
import { TextField } from "./text-field";

/**
 * The contact message form (spec: full name, email, company (optional), message). Posts to /forms/contact; with
 * JavaScript it stays on the page and answers with a toast, without it the form's page shows the result.
 */
export function ContactForm({ lastResult }: { lastResult?: FormResult | undefined }) {
  const { fetcher, form, fields, action, pending } = useLeadForm<ContactFormInput>("contact", { lastResult });
  return (
    <fetcher.Form
      method="post"
      action={action}
      aria-label="Contact form"
      className="relative flex flex-col gap-5"
      defaultShouldRevalidate={false}
      {...getFormProps(form)}
      // The browser's own required and email checks stay on: empty fields never leave the page.
      noValidate={false}
    >
      <Honeypot />
      <VisitFields />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Full name" autoComplete="name" required maxLength={LIMITS.name} />
        <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" required maxLength={LIMITS.email} />
      </div>
      <TextField meta={fields.companyName} label="Company name" optional autoComplete="organization" maxLength={LIMITS.company} />
      <TextField meta={fields.message} label="Message" multiline rows={6} required maxLength={LIMITS.longText} />
      <div>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
