import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { Resource } from "~/content/resources";
import type { DialogState } from "../../components/forms/dialog-link";
import { DownloadForm } from "./download-form";
import { DownloadReady } from "./download-ready";

export default function DownloadDialogBody({ resource, open, onOpenChange, onCloseAutoFocus }: DialogState & { resource: Resource }) {
  const [ready, setReady] = useState(false);
  function changeOpen(next: boolean) {
    onOpenChange(next);
    // Closing after a success resets the dialog to its form.
    if (!next) setReady(false);
  }
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {ready ? (
          <DownloadReady resource={resource} dialog={{ Title: DialogTitle, Description: DialogDescription }} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{resource.title}</DialogTitle>
              <DialogDescription>Enter your name and email address to get this free resource.</DialogDescription>
            </DialogHeader>
            <DownloadForm resource={resource} onSuccess={() => setReady(true)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
