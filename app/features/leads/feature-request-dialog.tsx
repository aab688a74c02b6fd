import { Icon } from "~/components/ui/icon";
import { lazy } from "react";
import { formPath } from "~/lib/forms/names";
import { DialogLink } from "../../components/forms/dialog-link";

const loadBody = () => import("./feature-request-dialog-body");
const FeatureRequestDialogBody = lazy(loadBody);

/** Opens in place with JavaScript; without it (or with a modifier key) the link leads to the form's own page. */
export function FeatureRequestDialog() {
  return (
    <DialogLink
      href={formPath("feature-request")}
      size="lg"
      preload={loadBody}
      render={(dialog) => <FeatureRequestDialogBody {...dialog} />}
    >
      <Icon name="plus" />
      Request Feature
    </DialogLink>
  );
}
