import { getFormProps } from "@conform-to/react";
import { Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { resourceUrl, type Resource } from "~/content/resources";
import { LIMITS } from "~/lib/forms/limits";
import { formPath } from "~/lib/forms/names";
import type { DownloadLeadInput } from "~/lib/schemas/download-lead";
import { RESOURCE_LEADS_KEY, type FormResult, type StoredResourceLead } from "~/lib/forms/result";
import { Honeypot, useLeadForm } from "./form-parts";
import { VisitFields } from "./visit-fields";
import { TextField } from "./text-field";

/** The spec keeps each lead in the browser too, under `resourceLeads`. */
function rememberLead(lead: StoredResourceLead) {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RESOURCE_LEADS_KEY) ?? "[]");
    const leads = Array.isArray(stored) ? stored : [];
    localStorage.setItem(RESOURCE_LEADS_KEY, JSON.stringify([...leads, lead]));
  } catch {
    // Storage full or blocked: the lead is already stored on the server.
  }
}

/** The success state: 'Thank you!' and the file, opened in a new tab. */
export function DownloadReady({ resource, asPage = false }: { resource: Resource; asPage?: boolean }) {
  const link = useRef<HTMLAnchorElement>(null);
  // In the dialog the form that had focus is gone: the file is what the visitor wants next.
  useEffect(() => {
    if (!asPage) link.current?.focus();
  }, [asPage]);
  const Title = asPage ? "h2" : DialogTitle;
  const Description = asPage ? "p" : DialogDescription;
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      <Title className="text-2xl font-bold">Thank you!</Title>
      <Description className="text-muted-foreground">Your copy of {resource.title} is ready.</Description>
      <Button asChild size="lg">
        <a ref={link} href={resourceUrl(resource)} target="_blank" rel="noopener noreferrer">
          <Download aria-hidden="true" />
          Download Now
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}

/** Spec: name (at least 2 characters) and email; the messages come from the server. */
export function DownloadForm({
  resource,
  lastResult,
  onSuccess,
}: {
  resource: Resource;
  lastResult?: FormResult | undefined;
  onSuccess?: (lead: StoredResourceLead) => void;
}) {
  const { fetcher, form, fields, pending } = useLeadForm<DownloadLeadInput>("download", {
    lastResult,
    onSuccess: (answer) => {
      if (!answer.lead) return;
      rememberLead(answer.lead);
      onSuccess?.(answer.lead);
    },
  });
  return (
    <fetcher.Form
      method="post"
      // The resource in the address lets the page answering a post without JavaScript show the same resource.
      action={`${formPath("download")}?resource=${encodeURIComponent(resource.id)}`}
      aria-label={`Download ${resource.title}`}
      className="relative flex flex-col gap-4"
      defaultShouldRevalidate={false}
      {...getFormProps(form)}
    >
      <Honeypot />
      <VisitFields />
      <input type="hidden" name="resourceId" value={resource.id} />
      <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" maxLength={LIMITS.name} />
      <TextField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" maxLength={LIMITS.email} />
      <Button type="submit" disabled={pending}>
        {pending ? "Processing..." : "Get Resource"}
      </Button>
    </fetcher.Form>
  );
}
