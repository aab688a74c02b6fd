import type * as React from "react";
import { useId } from "react";
import { formPath, type FormName } from "~/lib/forms/names";
import type { FormResult } from "~/lib/forms/result";
import { cn } from "~/lib/utils";

// The lead forms are plain HTML forms (decision 041): a post to /forms/<name> that works without JavaScript; the page
// script app/lib/page-scripts/lead-forms.ts sends it in place and shows the answer in this markup.

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

/** One field as the server renders it: its id and name, what was typed and its first message after a refused post. */
export interface FieldState {
  id: string;
  name: string;
  defaultValue: string | undefined;
  error: string | undefined;
}

/**
 * The fields of a form shown again on its own page after a post without JavaScript: what was typed and each field's
 * message; empty after a success. `formId` keeps the ids apart where two forms share a page.
 */
export function fieldsOf(formId: string, lastResult: FormResult | undefined) {
  const reply = lastResult?.status === "success" ? undefined : lastResult?.reply;
  const typed = (reply?.initialValue ?? {}) as Record<string, unknown>;
  const errors = (reply?.error ?? {}) as Record<string, string[] | null | undefined>;
  return (name: string): FieldState => ({
    id: `${formId}-${name}`,
    name,
    defaultValue: typeof typed[name] === "string" ? typed[name] : undefined,
    error: errors[name]?.[0] ?? undefined,
  });
}

interface LeadFormProps extends Omit<React.ComponentProps<"form">, "action" | "method" | "encType" | "name"> {
  name: FormName;
  /** The accessible name of the form. */
  label: string;
  /** Another address than the form's own, e.g. with `?resource=` so the no-JavaScript answer shows the same resource. */
  action?: string;
  /** Keep the browser's own required and email checks (the newsletter's one field); otherwise the server's messages. */
  browserValidation?: boolean;
}

/**
 * The form element every lead form shares: a post to its action, marked for the page script (`data-in-place`), with
 * the honeypot. Where the visit came from is the server's to know (app/lib/forms/visit.server.ts, docs/decisions/021).
 */
export function LeadForm({ name, label, action, browserValidation = false, className, children, ...props }: LeadFormProps) {
  return (
    <form
      data-lead-form={name}
      data-in-place=""
      method="post"
      action={action ?? formPath(name)}
      aria-label={label}
      noValidate={!browserValidation}
      className={cn("relative flex flex-col", className)}
      {...props}
    >
      {children}
      {/* Last: a modal <dialog> gives focus to its first focusable element, and this one is focusable (tabIndex -1). */}
      <Honeypot />
    </form>
  );
}
