import { Button } from "~/components/ui/button";
import type { ResourceFile } from "~/content/resources";
import { LIMITS } from "~/lib/forms/limits";
import { formPath } from "~/lib/forms/names";
import type { FormResult } from "~/lib/forms/result";
import { ConsentNote } from "../../components/forms/consent-note";
import { fieldsOf, LeadForm } from "../../components/forms/form-parts";
import { TextField } from "../../components/forms/text-field";

/** The resource in the address lets the page answering a post without JavaScript show the same resource. */
export const downloadAction = (resource: { id: string }) => `${formPath("download")}?resource=${encodeURIComponent(resource.id)}`;

/**
 * Spec: name (at least 2 characters) and email; the messages come from the server. Above it, hidden until the page
 * script finds a lead kept in this browser (`resourceLeads`), the returning visitor's one-click form: the stored name
 * and email are posted as a new lead, so the server records this download too (decision 041).
 */
export function DownloadForm({ resource, lastResult }: { resource: ResourceFile; lastResult?: FormResult | undefined }) {
  const field = fieldsOf("download", lastResult);
  return (
    <div className="flex flex-col gap-4">
      <LeadForm
        name="download"
        action={downloadAction(resource)}
        label="Download again with your saved details"
        className="gap-2 rounded-lg border bg-muted/40 p-4"
        data-continue-as=""
        hidden
      >
        <input type="hidden" name="resourceId" value={resource.id} />
        <input type="hidden" name="name" value="" />
        <input type="hidden" name="email" value="" />
        <p className="text-sm text-muted-foreground">Downloaded from us before?</p>
        <Button type="submit" variant="secondary" data-pending-label="Processing...">
          Continue
        </Button>
      </LeadForm>
      <LeadForm name="download" action={downloadAction(resource)} label={`Download ${resource.title}`} className="gap-4">
        <input type="hidden" name="resourceId" value={resource.id} />
        <TextField field={field("name")} label="Name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField field={field("email")} label="Email" type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
        <Button type="submit" data-pending-label="Processing...">
          Get Resource
        </Button>
        <ConsentNote form="download" />
      </LeadForm>
    </div>
  );
}
