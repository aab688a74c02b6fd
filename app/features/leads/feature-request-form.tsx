import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/forms/limits";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { fieldsOf, LeadForm } from "../../components/forms/form-parts";
import { TextField } from "../../components/forms/text-field";

/**
 * Spec: name, email, company (optional), feature title, description, use case (optional). In the dialog a success
 * closes it (`data-close-on-success`, read by the page script, decision 041).
 */
export function FeatureRequestForm({ lastResult, inDialog = false }: { lastResult?: FormResult | undefined; inDialog?: boolean }) {
  const field = fieldsOf("feature-request", lastResult);
  return (
    <LeadForm name="feature-request" label="Feature request" className="gap-4" data-close-on-success={inDialog ? "" : undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={field("name")} label="Name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField field={field("email")} label="Email" type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
      </div>
      <TextField field={field("company")} label="Company" optional autoComplete="organization" maxLength={LIMITS.company} />
      <TextField field={field("featureTitle")} label="Feature title" aria-required="true" maxLength={LIMITS.title} />
      <TextField field={field("description")} label="Description" multiline rows={4} aria-required="true" maxLength={LIMITS.longText} />
      <TextField field={field("useCase")} label="Use case" optional multiline rows={3} maxLength={LIMITS.longText} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ConsentNote form="feature-request" />
        <Button type="submit" data-pending-label="Submitting..." className="shrink-0">
          Submit Request
        </Button>
      </div>
    </LeadForm>
  );
}
