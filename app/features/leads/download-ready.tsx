import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { resourceDownloadUrl, resourceUrl } from "~/content/resource-urls";
import type { ResourceFile } from "~/content/resources";
import { FORM_MESSAGES } from "~/lib/forms/result";

/** Saves the file without leaving the page (the server sends it as an attachment). */
function startDownload(resource: ResourceFile) {
  const link = document.createElement("a");
  link.href = resourceDownloadUrl(resource);
  link.download = resource.file;
  document.body.append(link);
  link.click();
  link.remove();
}

const success = FORM_MESSAGES.download.success;

/**
 * The download's one success signal (no toast beside it): 'Thank you!', the file already downloading, and 'Download Now' to open it in a new tab. A page
 * answered without JavaScript starts the download with a refresh to the attachment instead.
 */
export function DownloadReady({
  resource,
  dialog,
  start = "script",
}: {
  resource: ResourceFile;
  /** In a dialog: its title and description parts (the page uses a plain heading, without the dialog's code). */
  dialog?: {
    Title: ElementType<{ className?: string; children: ReactNode }>;
    Description: ElementType<{ className?: string; children: ReactNode }>;
  };
  start?: "script" | "refresh";
}) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (start === "script") startDownload(resource);
    // In the dialog the form that had focus is gone: the file is what the visitor wants next.
    if (dialog) link.current?.focus();
  }, [dialog, resource, start]);
  const Title = dialog?.Title ?? "h2";
  const Description = dialog?.Description ?? "p";
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      {start === "refresh" ? <meta httpEquiv="refresh" content={`1;url=${resourceDownloadUrl(resource)}`} /> : null}
      <Title className="text-2xl font-bold">{success.title}</Title>
      <Description className="text-muted-foreground">
        {success.description} We also emailed you the link to {resource.title}.
      </Description>
      <Button asChild size="lg">
        <a ref={link} href={resourceUrl(resource)} target="_blank" rel="noopener noreferrer">
          <Icon name="download" />
          Download Now
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}
