import { useForm } from "@conform-to/react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { formPath, type FormName } from "~/lib/forms/names";
import { FORM_MESSAGES, failureNotice, type FormResult } from "~/lib/forms/result";

/** The hidden field people never fill in and bots do (its name is the guard's, app/lib/forms/guard.server.ts). */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

interface LeadFormOptions {
  /** The answer a no-JavaScript post got, when the form is shown again on its own page. */
  lastResult?: FormResult | undefined;
  onSuccess?: (result: Extract<FormResult, { status: "success" }>) => void;
  /** The newsletter shows no message under its one field, so a refused address is told by toast. */
  showsFieldErrors?: boolean;
}

/**
 * A lead form's state: posts with a fetcher to the form's action, lets Conform show the field errors and the typed
 * values the server answers with (or clear the fields after a success), and tells the visitor by toast, with the spec's
 * messages. The server validates; nothing is validated twice in the browser.
 */
export function useLeadForm<Fields extends Record<string, unknown>>(
  name: FormName,
  { lastResult, onSuccess, showsFieldErrors = true }: LeadFormOptions = {},
) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data ?? lastResult;
  const [form, fields] = useForm<Fields>({ lastResult: result?.reply, shouldValidate: "onSubmit" });

  const handled = useRef<unknown>(null);
  const callback = useRef(onSuccess);
  useEffect(() => {
    callback.current = onSuccess;
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.status === "success") {
      const { title, description } = FORM_MESSAGES[name].success;
      toast.success(title, { description });
      callback.current?.(answer);
      return;
    }
    // Field errors show under their fields; a form-level message, a failure or an unseen error is a toast.
    if (answer.status === "invalid" && answer.message) return void toast.error(answer.message);
    if (answer.status === "invalid" && showsFieldErrors) return;
    const notice = failureNotice(name, answer.status === "error" ? answer.reason : "exception");
    toast.error(notice.title, { description: notice.description });
  }, [fetcher.state, fetcher.data, name, showsFieldErrors]);

  return { fetcher, form, fields, action: formPath(name), pending: fetcher.state !== "idle" };
}
