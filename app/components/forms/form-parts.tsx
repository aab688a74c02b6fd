import { useEffect, useId, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { CircleCheck, CircleAlert } from "lucide-react";
import { failureNotice, FORM_MESSAGES, type FormKind, type FormResult, type Notice } from "~/lib/form-result";
import { MISSING_FIELDS_MESSAGE } from "~/lib/schemas/feature-request";
import { HONEYPOT_FIELD } from "~/lib/schemas/form-fields";
import { cn } from "~/lib/utils";

/** Off-screen and out of the tab order, so people never fill it in and bots usually do. */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** Calls `onResult` once for each answer the fetcher receives. */
export function useFetcherResult<Field extends string>(
  fetcher: FetcherWithComponents<FormResult<Field>>,
  onResult: (result: FormResult<Field>) => void,
) {
  const handled = useRef<unknown>(null);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** The notice the visitor sees for a result: the spec's messages, also used by the no-JavaScript pages. */
export function resultNotice(kind: FormKind, result: FormResult): { tone: "success" | "error"; notice: Notice } {
  if (result.status === "success") return { tone: "success", notice: FORM_MESSAGES[kind].success };
  if (result.status === "invalid") {
    const title = result.message ?? (kind === "feature-request" ? MISSING_FIELDS_MESSAGE : "Please check the highlighted fields.");
    return { tone: "error", notice: { title } };
  }
  return { tone: "error", notice: failureNotice(kind, result.reason) };
}

/** The result of a form posted without JavaScript, shown above the form on its own page. */
export function FormOutcome({ kind, result, className }: { kind: FormKind; result: FormResult | undefined; className?: string }) {
  if (!result) return null;
  const { tone, notice } = resultNotice(kind, result);
  const Icon = tone === "success" ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-lg border p-4",
        tone === "success" ? "border-primary/40 bg-primary/5" : "border-destructive/50 bg-destructive/5",
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", tone === "success" ? "text-primary" : "text-destructive")} />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p className="text-sm text-muted-foreground">{notice.description}</p> : null}
      </div>
    </div>
  );
}
