import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "../../components/forms/dialog-link";
import { featureRequestCopy } from "./feature-request-words";
import { FeatureRequestForm } from "./feature-request-form";

export default function FeatureRequestDialogBody({ open, onOpenChange, onCloseAutoFocus }: DialogState) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{featureRequestCopy.title}</DialogTitle>
          <DialogDescription>{featureRequestCopy.description}</DialogDescription>
        </DialogHeader>
        <FeatureRequestForm onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
