import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

interface FieldProps extends React.ComponentProps<"div"> {
  /** The id of the control the label names. */
  id: string;
  /** The id of the message, which the control points at with `aria-describedby`; `${id}-error` unless given. */
  errorId?: string | undefined;
  label: React.ReactNode;
  error?: string | undefined;
  hint?: React.ReactNode;
  optional?: boolean | undefined;
}

/** Label, control and message in one column; the control itself is the child. */
export function Field({ id, errorId = `${id}-error`, label, error, hint, optional, className, children, ...props }: FieldProps) {
  return (
    <div data-slot="field" className={cn("flex flex-col gap-2", className)} {...props}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that wire a control to its Field's error message (forms without Conform: the blog admin's editor). */
export function fieldErrorProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}
