// What the redirects' pages say after a change, by the key the change's redirect carries (`?done=`): fixed sentences,
// so a link cannot make the console say something else.

const APPLIES = "It applies on every instance within seconds.";
const REWRITTEN = "The target you chose was itself redirected, so this redirect leads straight to where that one went (no chain).";
const SKIPPED = "The redirects that led to this path now lead straight to its target (no chain).";

export const REDIRECT_DONE = {
  added: `Added. ${APPLIES}`,
  "added-rewritten": `Added. ${REWRITTEN} ${APPLIES}`,
  "added-skipped": `Added. ${SKIPPED} ${APPLIES}`,
  "added-rewritten-skipped": `Added. ${REWRITTEN} ${SKIPPED} ${APPLIES}`,
  saved: `Saved. ${APPLIES}`,
  "saved-rewritten": `Saved. ${REWRITTEN} ${APPLIES}`,
  "saved-skipped": `Saved. ${SKIPPED} ${APPLIES}`,
  "saved-rewritten-skipped": `Saved. ${REWRITTEN} ${SKIPPED} ${APPLIES}`,
  deleted: "Deleted. The old path answers 404 again within seconds.",
} as const;

export type RedirectDone = keyof typeof REDIRECT_DONE;

/** The key for a save, from what the save did besides storing the redirect. */
export function doneKeyOf(what: "added" | "saved", result: { rewrittenFrom: string | null; skipped: string[] }): RedirectDone {
  return `${what}${result.rewrittenFrom ? "-rewritten" : ""}${result.skipped.length > 0 ? "-skipped" : ""}` as RedirectDone;
}

/** What the editor is told when a page took the place of redirects saved before it existed (decision 034). */
export function releasedSentence(released: readonly { source: string; target: string | null }[]): string {
  if (released.length === 0) return "";
  const each = released.map(({ source, target }) => `${source} (${target ? `to ${target}` : "gone, 410"})`).join(", ");
  return released.length === 1
    ? ` The redirect from ${each} was removed: it would have hidden this page.`
    : ` The redirects from ${each} were removed: they would have hidden this page.`;
}
