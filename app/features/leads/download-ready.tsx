import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { resourceDownloadUrl, resourceUrl } from "~/content/resource-urls";
import type { ResourceFile } from "~/content/resources";
import { FORM_MESSAGES } from "~/lib/forms/result";

const success = FORM_MESSAGES.download.success;

/**
 * The download's one success signal (no toast beside it): 'Thank you!', the file already downloading, and 'Download
 * Now' to open it in a new tab. The page script shows it after a post sent in place and starts the download itself
 * (decision 041); a page answered without JavaScript starts it with a refresh to the attachment (`start="refresh"`).
 */
export function DownloadReady({
  resource,
  titleId,
  start = "script",
}: {
  resource: ResourceFile;
  /** In the dialog: the heading's id, which names the dialog in this step. */
  titleId?: string;
  start?: "script" | "refresh";
}) {
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      {start === "refresh" ? <meta httpEquiv="refresh" content={`1;url=${resourceDownloadUrl(resource)}`} /> : null}
      <h2 id={titleId} className="text-2xl font-bold">
        {success.title}
      </h2>
      <p className="text-muted-foreground">
        {success.description} We also emailed you the link to <span data-resource-title="">{resource.title}</span>.
      </p>
      <Button asChild size="lg">
        <a href={resourceUrl(resource)} target="_blank" rel="noopener noreferrer" data-download-now="">
          <Icon name="download" />
          Download Now
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}
