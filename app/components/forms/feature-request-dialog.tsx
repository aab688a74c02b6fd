import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { failureNotice, FORM_MESSAGES, type FormResult } from "~/lib/form-result";
import {
  FEATURE_REQUEST_FIELDS,
  FeatureRequestSchema,
  hasMissingRequiredFields,
  MISSING_FIELDS_MESSAGE,
} from "~/lib/schemas/feature-request";
import { fieldErrorsOf, formValues, LIMITS, type FieldErrors } from "~/lib/schemas/form-fields";
import { Honeypot, useFetcherResult } from "./form-parts";

type FeatureField = (typeof FEATURE_REQUEST_FIELDS)[number];

const DIALOG_TITLE = "Request a Feature";
const DIALOG_DESCRIPTION = "Tell us what would make Replywise more useful for you. We read every request.";

/** Opens in place with JavaScript; without it (or with a modifier key) the link leads to the form's own page. */
export function FeatureRequestDialog() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <Button asChild size="lg">
        <a
          ref={triggerRef}
          href="/forms/feature-request"
          aria-haspopup="dialog"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          Request Feature
        </a>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {/* The trigger is a link, not a Radix trigger, so focus is handed back to it explicitly. */}
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{DIALOG_TITLE}</DialogTitle>
            <DialogDescription>{DIALOG_DESCRIPTION}</DialogDescription>
          </DialogHeader>
          <FeatureRequestForm onSuccess={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

export function FeatureRequestForm({ result, onSuccess }: { result?: FormResult<FeatureField> | undefined; onSuccess?: () => void }) {
  const fetcher = useFetcher<FormResult<FeatureField>>();
  const [generation, setGeneration] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<FeatureField>>(result?.status === "invalid" ? result.fieldErrors : {});
  const initial = generation === 0 && result && result.status !== "success" ? result.values : {};
  const submitting = fetcher.state !== "idle";

  useFetcherResult(fetcher, (answer) => {
    if (answer.status === "success") {
      const { title, description } = FORM_MESSAGES["feature-request"].success;
      toast.success(title, { description });
      setErrors({});
      setGeneration((value) => value + 1);
      onSuccess?.();
    } else if (answer.status === "invalid") {
      setErrors(answer.fieldErrors);
      toast.error(answer.message ?? MISSING_FIELDS_MESSAGE);
    } else {
      const notice = failureNotice("feature-request", answer.reason);
      toast.error(notice.title, { description: notice.description });
    }
  });

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const values = formValues(new FormData(event.currentTarget), FEATURE_REQUEST_FIELDS);
    const parsed = FeatureRequestSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsOf<FeatureField>(parsed.error));
    if (parsed.success) return;
    event.preventDefault();
    if (hasMissingRequiredFields(values)) toast.error(MISSING_FIELDS_MESSAGE);
  }

  const field = (name: FeatureField) => ({
    id: `feature-${name}`,
    name,
    defaultValue: initial[name],
    ...fieldErrorProps(`feature-${name}`, errors[name]),
  });

  return (
    <fetcher.Form
      key={generation}
      method="post"
      action="/forms/feature-request"
      aria-label="Feature request"
      className="relative flex flex-col gap-4"
      noValidate
      onSubmit={validate}
      defaultShouldRevalidate={false}
    >
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="feature-name" label="Name" error={errors.name}>
          <Input {...field("name")} autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        </Field>
        <Field id="feature-email" label="Email" error={errors.email}>
          <Input {...field("email")} type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
        </Field>
      </div>
      <Field id="feature-company" label="Company" optional error={errors.company}>
        <Input {...field("company")} autoComplete="organization" maxLength={LIMITS.company} />
      </Field>
      <Field id="feature-featureTitle" label="Feature title" error={errors.featureTitle}>
        <Input {...field("featureTitle")} aria-required="true" maxLength={LIMITS.title} />
      </Field>
      <Field id="feature-description" label="Description" error={errors.description}>
        <Textarea {...field("description")} rows={4} aria-required="true" maxLength={LIMITS.longText} />
      </Field>
      <Field id="feature-useCase" label="Use case" optional error={errors.useCase}>
        <Textarea {...field("useCase")} rows={3} maxLength={LIMITS.longText} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting}>
          {submitting ? "Submitting..." : "Submit Request"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
