import { useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { failureNotice, FORM_MESSAGES, type FormResult } from "~/lib/form-result";
import { CONTACT_FIELDS, ContactFormSchema } from "~/lib/schemas/contact";
import { fieldErrorsOf, formValues, LIMITS, type FieldErrors } from "~/lib/schemas/form-fields";
import { Honeypot, useFetcherResult } from "./form-parts";

type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The contact message form (spec: full name, email, company (optional), message). Posts to /forms/contact;
 * with JavaScript it stays on the page and answers with a toast, without it the form page shows the result.
 */
export function ContactForm({ result }: { result?: FormResult<ContactField> | undefined }) {
  const fetcher = useFetcher<FormResult<ContactField>>();
  // A new generation after a success remounts the fields empty.
  const [generation, setGeneration] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>(result?.status === "invalid" ? result.fieldErrors : {});
  const initial = generation === 0 && result && result.status !== "success" ? result.values : {};
  const sending = fetcher.state !== "idle";

  useFetcherResult(fetcher, (answer) => {
    if (answer.status === "success") {
      toast.success(FORM_MESSAGES.contact.success.title, { description: FORM_MESSAGES.contact.success.description });
      setErrors({});
      setGeneration((value) => value + 1);
    } else if (answer.status === "invalid") {
      setErrors(answer.fieldErrors);
    } else {
      const notice = failureNotice("contact", answer.reason);
      toast.error(notice.title, { description: notice.description });
    }
  });

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const parsed = ContactFormSchema.safeParse(formValues(new FormData(event.currentTarget), CONTACT_FIELDS));
    const found = parsed.success ? {} : fieldErrorsOf<ContactField>(parsed.error);
    setErrors(found);
    if (!parsed.success) event.preventDefault();
  }

  return (
    <fetcher.Form
      key={generation}
      method="post"
      action="/forms/contact"
      aria-label="Contact form"
      className="relative flex flex-col gap-5"
      onSubmit={validate}
      defaultShouldRevalidate={false}
    >
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Full name" error={errors.name}>
          <Input
            id="contact-name"
            name="name"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            defaultValue={initial.name}
            {...fieldErrorProps("contact-name", errors.name)}
          />
        </Field>
        <Field id="contact-email" label="Email address" error={errors.email}>
          <Input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={initial.email}
            {...fieldErrorProps("contact-email", errors.email)}
          />
        </Field>
      </div>
      <Field id="contact-company" label="Company name" optional error={errors.companyName}>
        <Input
          id="contact-company"
          name="companyName"
          autoComplete="organization"
          maxLength={LIMITS.company}
          defaultValue={initial.companyName}
          {...fieldErrorProps("contact-company", errors.companyName)}
        />
      </Field>
      <Field id="contact-message" label="Message" error={errors.message}>
        <Textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          maxLength={LIMITS.longText}
          defaultValue={initial.message}
          {...fieldErrorProps("contact-message", errors.message)}
        />
      </Field>
      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
