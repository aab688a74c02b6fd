import { getInputProps } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/forms/limits";
import type { NewsletterInput } from "./signup-schema";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { LeadForm, useLeadForm } from "../../components/forms/form-parts";

/** Email signup; `source` is the path of the page it sits on, stored with the address. */
export function NewsletterForm({ source, lastResult }: { source: string; lastResult?: FormResult | undefined }) {
  const lead = useLeadForm<NewsletterInput>("newsletter", { lastResult, showsFieldErrors: false });
  const { fields, pending } = lead;
  const { key, ...email } = getInputProps(fields.email, { type: "email" });
  return (
    // Spec: an empty address does nothing; the browser's own check stops it before anything is sent.
    <LeadForm lead={lead} label="Newsletter signup" className="w-full gap-3" browserValidation>
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-2 sm:flex-row">
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
      </div>
      <ConsentNote form="newsletter" />
    </LeadForm>
  );
}
