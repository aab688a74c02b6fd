import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "./dialog-link";
import { FEATURE_REQUEST_DESCRIPTION, FEATURE_REQUEST_TITLE, FeatureRequestForm } from "./feature-request-form";

export default function FeatureRequestDialogBody({ open, onOpenChange, onCloseAutoFocus }: DialogState) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{FEATURE_REQUEST_TITLE}</DialogTitle>
          <DialogDescription>{FEATURE_REQUEST_DESCRIPTION}</DialogDescription>
        </DialogHeader>
        <FeatureRequestForm onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
