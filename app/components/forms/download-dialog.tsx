import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { resourceUrl, type Resource } from "~/content/resources";
import { failureNotice, FORM_MESSAGES, type FormResult } from "~/lib/form-result";
import { DOWNLOAD_LEAD_FIELDS, DownloadLeadSchema, RESOURCE_LEADS_KEY, type StoredResourceLead } from "~/lib/schemas/download-lead";
import { fieldErrorsOf, formValues, LIMITS, type FieldErrors } from "~/lib/schemas/form-fields";
import { Honeypot, useFetcherResult } from "./form-parts";

type DownloadField = (typeof DOWNLOAD_LEAD_FIELDS)[number];

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

/** 'Download Resource' opens the dialog with JavaScript; without it the link leads to the form's own page. */
export function DownloadDialog({ resource }: { resource: Resource }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const [lead, setLead] = useState<StoredResourceLead | null>(null);

  function changeOpen(next: boolean) {
    setOpen(next);
    // Closing after a success resets the dialog to its form.
    if (!next) setLead(null);
  }

  return (
    <>
      <Button asChild variant="outline" className="w-full">
        <a
          ref={triggerRef}
          href={`/forms/download?resource=${encodeURIComponent(resource.id)}`}
          aria-haspopup="dialog"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          <Download aria-hidden="true" />
          Download Resource
          <span className="sr-only">: {resource.title}</span>
        </a>
      </Button>
      <Dialog open={open} onOpenChange={changeOpen}>
        {/* The trigger is a link, not a Radix trigger, so focus is handed back to it explicitly. */}
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          {lead ? (
            <DownloadReady resource={resource} />
          ) : (
            <>
              <DialogHeader>
                <DialogTitle>{resource.title}</DialogTitle>
                <DialogDescription>Enter your name and email address to get this free resource.</DialogDescription>
              </DialogHeader>
              <DownloadForm resource={resource} onSuccess={setLead} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
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

export function DownloadForm({
  resource,
  result,
  onSuccess,
}: {
  resource: Resource;
  result?: FormResult<DownloadField> | undefined;
  onSuccess?: (lead: StoredResourceLead) => void;
}) {
  const fetcher = useFetcher<FormResult<DownloadField>>();
  const [errors, setErrors] = useState<FieldErrors<DownloadField>>(result?.status === "invalid" ? result.fieldErrors : {});
  const initial = result && result.status !== "success" ? result.values : {};
  const processing = fetcher.state !== "idle";

  useFetcherResult(fetcher, (answer) => {
    if (answer.status === "success" && answer.lead) {
      rememberLead(answer.lead);
      toast.success(FORM_MESSAGES.download.success.title, { description: FORM_MESSAGES.download.success.description });
      onSuccess?.(answer.lead);
    } else if (answer.status === "invalid") {
      setErrors(answer.fieldErrors);
    } else {
      const notice = failureNotice("download", answer.status === "error" ? answer.reason : "exception");
      toast.error(notice.title, { description: notice.description });
    }
  });

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const parsed = DownloadLeadSchema.safeParse(formValues(new FormData(event.currentTarget), DOWNLOAD_LEAD_FIELDS));
    setErrors(parsed.success ? {} : fieldErrorsOf<DownloadField>(parsed.error));
    if (!parsed.success) event.preventDefault();
  }

  const idFor = (name: string) => `download-${resource.id}-${name}`;

  return (
    <fetcher.Form
      method="post"
      // The resource in the address lets the page answering a post without JavaScript show the same resource.
      action={`/forms/download?resource=${encodeURIComponent(resource.id)}`}
      aria-label={`Download ${resource.title}`}
      className="relative flex flex-col gap-4"
      noValidate
      onSubmit={validate}
      defaultShouldRevalidate={false}
    >
      <Honeypot />
      <input type="hidden" name="resourceId" value={resource.id} />
      <Field id={idFor("name")} label="Name" error={errors.name}>
        <Input
          id={idFor("name")}
          name="name"
          autoComplete="name"
          aria-required="true"
          maxLength={LIMITS.name}
          defaultValue={initial.name}
          {...fieldErrorProps(idFor("name"), errors.name)}
        />
      </Field>
      <Field id={idFor("email")} label="Email" error={errors.email}>
        <Input
          id={idFor("email")}
          name="email"
          type="email"
          autoComplete="email"
          aria-required="true"
          maxLength={LIMITS.email}
          defaultValue={initial.email}
          {...fieldErrorProps(idFor("email"), errors.email)}
        />
      </Field>
      <Button type="submit" disabled={processing}>
        {processing ? "Processing..." : "Get Resource"}
      </Button>
    </fetcher.Form>
  );
}
