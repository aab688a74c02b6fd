import { getFormProps, getInputProps } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/forms/limits";
import type { NewsletterInput } from "~/lib/schemas/newsletter";
import type { FormResult } from "~/lib/forms/result";
import { Honeypot, useLeadForm } from "./form-parts";
import { VisitFields } from "./visit-fields";

/** Email signup; `source` is the path of the page it sits on, stored with the address. */
export function NewsletterForm({ source, lastResult }: { source: string; lastResult?: FormResult | undefined }) {
  const { fetcher, form, fields, action, pending } = useLeadForm<NewsletterInput>("newsletter", { lastResult, showsFieldErrors: false });
  const { key, ...email } = getInputProps(fields.email, { type: "email" });
  return (
    <fetcher.Form
      method="post"
      action={action}
      aria-label="Newsletter signup"
      className="relative flex w-full flex-col gap-2 sm:flex-row"
      defaultShouldRevalidate={false}
      {...getFormProps(form)}
      // Spec: an empty address does nothing; the browser's own check stops it before anything is sent.
      noValidate={false}
    >
      <Honeypot />
      <VisitFields />
      <input type="hidden" name="source" value={source} />
      <label htmlFor={email.id} className="sr-only">
        Email address
      </label>
      <Input
        key={key}
        {...email}
        required
        autoComplete="email"
        placeholder="Enter your email"
        maxLength={LIMITS.email}
        className="flex-1"
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Subscribing..." : "Subscribe"}
      </Button>
    </fetcher.Form>
  );
}
