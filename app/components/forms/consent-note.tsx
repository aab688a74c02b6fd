import { CONSENT, PRIVACY_POLICY_LINK } from "~/content/consent";
import type { FormName } from "~/lib/forms/names";

/** One line under a form: what the address is for, and where the privacy policy says the rest. */
export function ConsentNote({ form }: { form: FormName }) {
  return (
    <p className="text-xs text-muted-foreground">
      {CONSENT[form]}{" "}
      <a href={PRIVACY_POLICY_LINK.to} className="font-medium text-foreground underline underline-offset-2 hover:text-primary">
        {PRIVACY_POLICY_LINK.label}
      </a>
    </p>
  );
}
