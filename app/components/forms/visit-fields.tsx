import { useSyncExternalStore } from "react";
import { VISIT_FIELD_PREFIX, VISIT_KEYS, VISIT_STORAGE_KEY } from "~/lib/forms/visit";

const stored = () => {
  try {
    return sessionStorage.getItem(VISIT_STORAGE_KEY);
  } catch {
    return null;
  }
};
// The visit is written once, by the page's inline script, before any form renders: nothing to subscribe to.
const unchanging = () => () => {};

/**
 * Where this visit came from (lib/forms/visit.ts), as hidden fields: none on the server's HTML, so a form posted before
 * the page hydrates, or without JavaScript, leaves the server to read the Referer header instead.
 */
export function VisitFields() {
  const json = useSyncExternalStore(unchanging, stored, () => null);
  let visit: Record<string, unknown> = {};
  try {
    visit = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    // Not ours, or damaged: send nothing.
  }
  return VISIT_KEYS.filter((key) => typeof visit[key] === "string").map((key) => (
    <input key={key} type="hidden" name={`${VISIT_FIELD_PREFIX}${key}`} value={visit[key] as string} />
  ));
}
