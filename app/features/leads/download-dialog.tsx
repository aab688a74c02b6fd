import { Icon } from "~/components/ui/icon";
import { lazy } from "react";
import type { Resource } from "~/content/resources";
import { formPath } from "~/lib/forms/names";
import { DialogLink } from "../../components/forms/dialog-link";

const loadBody = () => import("./download-dialog-body");
const DownloadDialogBody = lazy(loadBody);

/** 'Download Resource' opens the dialog with JavaScript; without it the link leads to the form's own page. */
export function DownloadDialog({ resource }: { resource: Resource }) {
  return (
    <DialogLink
      href={`${formPath("download")}?resource=${encodeURIComponent(resource.id)}`}
      variant="outline"
      className="w-full"
      preload={loadBody}
      render={(dialog) => <DownloadDialogBody resource={resource} {...dialog} />}
    >
      <Icon name="download" />
      Download Resource
      <span className="sr-only">: {resource.title}</span>
    </DialogLink>
  );
}
