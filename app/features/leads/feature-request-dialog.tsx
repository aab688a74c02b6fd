import { DialogOpener, FormDialog, FormDialogHeader } from "~/components/forms/form-dialog";
import { Icon } from "~/components/ui/icon";
import { formPath } from "~/lib/forms/names";
import { FeatureRequestForm } from "./feature-request-form";
import { featureRequestCopy } from "./feature-request-words";

const DIALOG_ID = "feature-request-dialog";

/** 'Request Feature' opens the dialog with JavaScript; without it (or with a modifier key) it leads to the form's page. */
export function FeatureRequestLink() {
  return (
    <DialogOpener href={formPath("feature-request")} dialogId={DIALOG_ID} size="lg">
      <Icon name="plus" />
      Request Feature
    </DialogOpener>
  );
}

/** The dialog the link opens, once on the page (decision 041). */
export function FeatureRequestDialog() {
  return (
    <FormDialog id={DIALOG_ID}>
      <FormDialogHeader dialogId={DIALOG_ID} title={featureRequestCopy.title} description={featureRequestCopy.description} />
      <FeatureRequestForm inDialog />
    </FormDialog>
  );
}
