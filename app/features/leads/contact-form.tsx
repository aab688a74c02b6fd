import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/forms/limits";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { fieldsOf, LeadForm } from "../../components/forms/form-parts";
import { TextField } from "../../components/forms/text-field";

/**
 * The contact message form (spec: full name, email, company (optional), message). Posts to /forms/contact; with
 * JavaScript the page script sends it in place, shows what is missing under each field and answers with a toast
 * (decision 041); without it the form's page shows the result.
 */
export function ContactForm({ lastResult }: { lastResult?: FormResult | undefined }) {
  const field = fieldsOf("contact", lastResult);
  return (
    // The server's checks, shown under each field like the other forms' (not the browser's popups, which vary).
    <LeadForm name="contact" label="Contact form" className="gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={field("name")} label="Full name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField
          field={field("email")}
          label="Email address"
          type="email"
          autoComplete="email"
          aria-required="true"
          maxLength={LIMITS.email}
        />
      </div>
      <TextField field={field("companyName")} label="Company name" optional autoComplete="organization" maxLength={LIMITS.company} />
      <TextField field={field("message")} label="Message" multiline rows={6} aria-required="true" maxLength={LIMITS.longText} />
      <div className="flex flex-col gap-3">
        <div>
          <Button type="submit" size="lg" data-pending-label="Sending..." className="w-full sm:w-auto">
            Send Message
          </Button>
        </div>
        <ConsentNote form="contact" />
      </div>
    </LeadForm>
  );
}
