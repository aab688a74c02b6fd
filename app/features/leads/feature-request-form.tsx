import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/forms/limits";
import type { FeatureRequestInput } from "./feature-request-schema";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { LeadForm, useLeadForm } from "../../components/forms/form-parts";
import { TextField } from "../../components/forms/text-field";

/** Spec: name, email, company (optional), feature title, description, use case (optional). */
export function FeatureRequestForm({ lastResult, onSuccess }: { lastResult?: FormResult | undefined; onSuccess?: () => void }) {
  const lead = useLeadForm<FeatureRequestInput>("feature-request", { lastResult, onSuccess });
  const { fields, pending } = lead;
  return (
    <LeadForm lead={lead} label="Feature request" className="gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
      </div>
      <TextField meta={fields.company} label="Company" optional autoComplete="organization" maxLength={LIMITS.company} />
      <TextField meta={fields.featureTitle} label="Feature title" aria-required="true" maxLength={LIMITS.title} />
      <TextField meta={fields.description} label="Description" multiline rows={4} aria-required="true" maxLength={LIMITS.longText} />
      <TextField meta={fields.useCase} label="Use case" optional multiline rows={3} maxLength={LIMITS.longText} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ConsentNote form="feature-request" />
        <Button type="submit" disabled={pending} className="shrink-0">
          {pending ? "Submitting..." : "Submit Request"}
        </Button>
      </div>
    </LeadForm>
  );
}
