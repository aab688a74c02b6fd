import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/forms/limits";
import type { ContactFormInput } from "./contact-schema";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { LeadForm, useLeadForm } from "../../components/forms/form-parts";
import { TextField } from "../../components/forms/text-field";

/**
 * The contact message form (spec: full name, email, company (optional), message). Posts to /forms/contact; with
 * JavaScript it stays on the page, shows what is missing under each field and answers with a toast; without it the
 * form's page shows the result.
 */
export function ContactForm({ lastResult }: { lastResult?: FormResult | undefined }) {
  const lead = useLeadForm<ContactFormInput>("contact", { lastResult });
  const { fields, pending } = lead;
  return (
    // The server's checks, shown under each field like the other forms' (not the browser's popups, which vary).
    <LeadForm lead={lead} label="Contact form" className="gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Full name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField
          meta={fields.email}
          label="Email address"
          type="email"
          autoComplete="email"
          aria-required="true"
          maxLength={LIMITS.email}
        />
      </div>
      <TextField meta={fields.companyName} label="Company name" optional autoComplete="organization" maxLength={LIMITS.company} />
      <TextField meta={fields.message} label="Message" multiline rows={6} aria-required="true" maxLength={LIMITS.longText} />
      <div className="flex flex-col gap-3">
        <div>
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            {pending ? "Sending..." : "Send Message"}
          </Button>
        </div>
        <ConsentNote form="contact" />
      </div>
    </LeadForm>
  );
}
