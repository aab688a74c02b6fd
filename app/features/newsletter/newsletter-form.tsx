import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/forms/limits";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { fieldsOf, LeadForm } from "../../components/forms/form-parts";

/**
 * Email signup; `source` is the path of the page it sits on, stored with the address. It shows no message under its
 * one field: a refused address is told by toast (`data-errors-by-toast`, read by the page script, decision 041).
 */
export function NewsletterForm({ source, lastResult }: { source: string; lastResult?: FormResult | undefined }) {
  const email = fieldsOf("newsletter", lastResult)("email");
  return (
    // Spec: an empty address does nothing; the browser's own check stops it before anything is sent.
    <LeadForm name="newsletter" label="Newsletter signup" className="w-full gap-3" browserValidation data-errors-by-toast="">
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={email.id} className="sr-only">
          Email address
        </label>
        <Input
          id={email.id}
          name={email.name}
          type="email"
          defaultValue={email.defaultValue}
          aria-invalid={email.error ? true : undefined}
          required
          autoComplete="email"
          placeholder="Enter your email"
          maxLength={LIMITS.email}
          className="flex-1"
        />
        <Button type="submit" data-pending-label="Subscribing...">
          Subscribe
        </Button>
      </div>
      <ConsentNote form="newsletter" />
    </LeadForm>
  );
}
