import { getFormProps, useForm, type FormMetadata } from "@conform-to/react";
import type * as React from "react";
import { useEffect, useId, useRef } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { toast } from "~/components/ui/toaster";
import { formPath, type FormName } from "~/lib/forms/names";
import { FORM_MESSAGES, failureNotice, type FormResult } from "~/lib/forms/result";
import { cn } from "~/lib/utils";

/** The hidden field people never fill in and bots do (its name is the guard's, app/lib/forms/guard.server.ts). */
function Honeypot() {
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
  /** The form shows its success itself (the download's 'Thank you!'), so a toast would say it twice. */
  showsSuccess?: boolean;
}

/**
 * A lead form's state: posts with a fetcher to the form's action, lets Conform show the field errors and the typed
 * values the server answers with (or clear the fields after a success), and tells the visitor by toast, with the spec's
 * messages. The server validates; nothing is validated twice in the browser.
 */
export function useLeadForm<Fields extends Record<string, unknown>>(
  name: FormName,
  { lastResult, onSuccess, showsFieldErrors = true, showsSuccess = false }: LeadFormOptions = {},
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
      if (!showsSuccess) {
        const { title, description } = FORM_MESSAGES[name].success;
        toast.success(title, { description });
      }
      callback.current?.(answer);
      return;
    }
    // Field errors show under their fields; a form-level message, a failure or an unseen error is a toast.
    if (answer.status === "invalid" && answer.message) return void toast.error(answer.message);
    if (answer.status === "invalid" && showsFieldErrors) return;
    const notice = failureNotice(name, answer.status === "error" ? answer.reason : "exception");
    toast.error(notice.title, { description: notice.description });
  }, [fetcher.state, fetcher.data, name, showsFieldErrors, showsSuccess]);

  return { fetcher, form, fields, action: formPath(name), pending: fetcher.state !== "idle" };
}

interface LeadFormProps<Fields extends Record<string, unknown>> extends Omit<
  React.ComponentProps<"form">,
  "action" | "method" | "encType"
> {
  lead: { fetcher: FetcherWithComponents<FormResult>; form: FormMetadata<Fields>; action: string };
  /** The accessible name of the form. */
  label: string;
  /** Another address than the form's own, e.g. with `?resource=` so the no-JavaScript answer shows the same resource. */
  action?: string;
  /** Keep the browser's own required and email checks (otherwise Conform turns them off once the page is hydrated). */
  browserValidation?: boolean;
}

/**
 * The form element every lead form shares: posts to its action with the fetcher, Conform's id and the honeypot. Where
 * the visit came from is the server's to know (app/lib/forms/visit.server.ts, docs/decisions/021).
 */
export function LeadForm<Fields extends Record<string, unknown>>({
  lead,
  label,
  action,
  browserValidation = false,
  className,
  children,
  ...props
}: LeadFormProps<Fields>) {
  // Marks the form once React runs it: until then (its code loads after the page hydrates) a submit is a plain post.
  const enhanced = useRef<HTMLFormElement>(null);
  useEffect(() => enhanced.current?.setAttribute("data-enhanced", ""), []);
  return (
    <lead.fetcher.Form
      ref={enhanced}
      data-lead-form=""
      method="post"
      action={action ?? lead.action}
      aria-label={label}
      className={cn("relative flex flex-col", className)}
      defaultShouldRevalidate={false}
      {...getFormProps(lead.form)}
      {...(browserValidation ? { noValidate: false } : {})}
      {...props}
    >
      <Honeypot />
      {children}
    </lead.fetcher.Form>
  );
}
