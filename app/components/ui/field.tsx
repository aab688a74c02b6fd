import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

interface FieldProps extends React.ComponentProps<"div"> {
  /** The id of the control; the error gets `${id}-error` so the control can point at it. */
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  hint?: React.ReactNode;
  optional?: boolean;
}

/** Label, control and message in one column; the control itself is the child. */
export function Field({ id, label, error, hint, optional, className, children, ...props }: FieldProps) {
  return (
    <div data-slot="field" className={cn("flex flex-col gap-2", className)} {...props}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that wire a control to its Field's error message. */
export function fieldErrorProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}
