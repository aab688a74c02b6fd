import { getFormProps } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/forms/limits";
import type { FeatureRequestInput } from "~/lib/schemas/feature-request";
import type { FormResult } from "~/lib/forms/result";
import { Honeypot, useLeadForm } from "./form-parts";
import { VisitFields } from "./visit-fields";
import { TextField } from "./text-field";

export const FEATURE_REQUEST_TITLE = "Request a Feature";
export const FEATURE_REQUEST_DESCRIPTION = "Tell us what would make Replywise more useful for you. We read every request.";

/** Spec: name, email, company (optional), feature title, description, use case (optional). */
export function FeatureRequestForm({ lastResult, onSuccess }: { lastResult?: FormResult | undefined; onSuccess?: () => void }) {
  const { fetcher, form, fields, action, pending } = useLeadForm<FeatureRequestInput>("feature-request", { lastResult, onSuccess });
  return (
    <fetcher.Form
      method="post"
      action={action}
      aria-label="Feature request"
      className="relative flex flex-col gap-4"
      defaultShouldRevalidate={false}
      {...getFormProps(form)}
    >
      <Honeypot />
      <VisitFields />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
      </div>
      <TextField meta={fields.company} label="Company" optional autoComplete="organization" maxLength={LIMITS.company} />
      <TextField meta={fields.featureTitle} label="Feature title" aria-required="true" maxLength={LIMITS.title} />
      <TextField meta={fields.description} label="Description" multiline rows={4} aria-required="true" maxLength={LIMITS.longText} />
      <TextField meta={fields.useCase} label="Use case" optional multiline rows={3} maxLength={LIMITS.longText} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Submitting..." : "Submit Request"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
