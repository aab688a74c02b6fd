import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import type { ResourceFile } from "~/content/resources";
import { LIMITS } from "~/lib/forms/limits";
import { formPath } from "~/lib/forms/names";
import { RESOURCE_LEADS_KEY, type FormResult, type StoredResourceLead } from "~/lib/forms/result";
import type { DownloadLeadInput } from "./download-schema";
import { ConsentNote } from "../../components/forms/consent-note";
import { LeadForm, useLeadForm } from "../../components/forms/form-parts";
import { TextField } from "../../components/forms/text-field";

function storedLeads(): StoredResourceLead[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RESOURCE_LEADS_KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as StoredResourceLead[]) : [];
  } catch {
    return [];
  }
}

/** The spec keeps each lead in the browser too, under `resourceLeads`; the newest is offered back next time. */
function rememberLead(lead: StoredResourceLead) {
  try {
    localStorage.setItem(RESOURCE_LEADS_KEY, JSON.stringify([...storedLeads(), lead]));
  } catch {
    // Storage full or blocked: the lead is already stored on the server.
  }
}

/** The resource in the address lets the page answering a post without JavaScript show the same resource. */
const downloadAction = (resource: ResourceFile) => `${formPath("download")}?resource=${encodeURIComponent(resource.id)}`;

/** "jane@…": the visitor recognises their own address; someone looking over a shoulder learns little. */
const shortEmail = (email: string) => `${email.split("@")[0]}@…`;

/**
 * A returning visitor (a lead kept in this browser) gets the file in one click: the stored name and email are posted
 * as a new lead, so the server records this download too.
 */
function ContinueAs({
  resource,
  lead,
  onSuccess,
}: {
  resource: ResourceFile;
  lead: StoredResourceLead;
  onSuccess: (lead: StoredResourceLead) => void;
}) {
  const form = useLeadForm<DownloadLeadInput>("download", {
    showsSuccess: true,
    onSuccess: (answer) => answer.lead && onSuccess(answer.lead),
  });
  return (
    <LeadForm
      lead={form}
      action={downloadAction(resource)}
      label="Download again with your saved details"
      className="gap-2 rounded-lg border bg-muted/40 p-4"
    >
      <input type="hidden" name="resourceId" value={resource.id} />
      <input type="hidden" name="name" value={lead.name} />
      <input type="hidden" name="email" value={lead.email} />
      <p className="text-sm text-muted-foreground">Downloaded from us before?</p>
      <Button type="submit" variant="secondary" disabled={form.pending}>
        {form.pending ? "Processing..." : `Continue as ${lead.name} (${shortEmail(lead.email)})`}
      </Button>
    </LeadForm>
  );
}

/** Spec: name (at least 2 characters) and email; the messages come from the server. */
export function DownloadForm({
  resource,
  lastResult,
  onSuccess,
}: {
  resource: ResourceFile;
  lastResult?: FormResult | undefined;
  onSuccess?: (lead: StoredResourceLead) => void;
}) {
  const succeeded = (lead: StoredResourceLead) => {
    rememberLead(lead);
    onSuccess?.(lead);
  };
  const form = useLeadForm<DownloadLeadInput>("download", {
    lastResult,
    showsSuccess: true,
    onSuccess: (answer) => answer.lead && succeeded(answer.lead),
  });
  const { fields, pending } = form;
  // Read after mounting: the server knows nothing of this browser's storage.
  const [known, setKnown] = useState<StoredResourceLead | null>(null);
  useEffect(() => setKnown(storedLeads().at(-1) ?? null), []);

  return (
    <div className="flex flex-col gap-4">
      {known ? <ContinueAs resource={resource} lead={known} onSuccess={succeeded} /> : null}
      <LeadForm lead={form} action={downloadAction(resource)} label={`Download ${resource.title}`} className="gap-4">
        <input type="hidden" name="resourceId" value={resource.id} />
        <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
        <Button type="submit" disabled={pending}>
          {pending ? "Processing..." : "Get Resource"}
        </Button>
        <ConsentNote form="download" />
      </LeadForm>
    </div>
  );
}
