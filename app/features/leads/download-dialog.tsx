import type * as React from "react";
import { DialogOpener, FormDialog, FormDialogHeader } from "~/components/forms/form-dialog";
import { Icon } from "~/components/ui/icon";
import { resourceDownloadUrl, resourceUrl } from "~/content/resource-urls";
import type { ResourceFile } from "~/content/resources";
import { downloadAction, DownloadForm } from "./download-form";
import { DownloadReady } from "./download-ready";

const DIALOG_ID = "download-dialog";

/**
 * 'Download Resource' opens the page's one download dialog with JavaScript, for the resource its data attributes name
 * (the page script writes it into the dialog); without it the link leads to the form's own page (decision 041).
 */
export function DownloadLink({ resource }: { resource: ResourceFile }) {
  return (
    <DialogOpener
      href={downloadAction(resource)}
      dialogId={DIALOG_ID}
      variant="outline"
      className="w-full"
      data-resource-id={resource.id}
      data-resource-title={resource.title}
      data-resource-file={resource.file}
      data-resource-url={resourceUrl(resource)}
      data-resource-download={resourceDownloadUrl(resource)}
      data-resource-action={downloadAction(resource)}
    >
      <Icon name="download" />
      Download Resource
      <span className="sr-only">: {resource.title}</span>
    </DialogOpener>
  );
}

/** The steps of a download: the form (with its heading in the dialog), then 'Thank you!'; the page script switches them. */
export function DownloadSteps({
  resource,
  form,
  ready,
  className,
}: {
  resource: ResourceFile;
  form: React.ReactNode;
  ready: React.ReactNode;
  className?: string;
}) {
  return (
    <div data-download="" data-download-url={resourceDownloadUrl(resource)} data-download-file={resource.file} className={className}>
      <div data-download-step="form" className={className}>
        {form}
      </div>
      <div data-download-step="ready" hidden>
        {ready}
      </div>
    </div>
  );
}

/** The dialog every download link of the page opens, rendered once with the first resource until one is chosen. */
export function DownloadDialog({ resource }: { resource: ResourceFile }) {
  return (
    <FormDialog id={DIALOG_ID}>
      <DownloadSteps
        resource={resource}
        className="grid gap-4"
        form={
          <>
            <FormDialogHeader
              dialogId={DIALOG_ID}
              title={<span data-resource-title="">{resource.title}</span>}
              description="Enter your name and email address to get this free resource."
            />
            <DownloadForm resource={resource} />
          </>
        }
        ready={<DownloadReady resource={resource} titleId={`${DIALOG_ID}-ready`} />}
      />
    </FormDialog>
  );
}
