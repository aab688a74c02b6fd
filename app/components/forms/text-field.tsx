import type * as React from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FieldState } from "./form-parts";

type ControlProps = Omit<React.ComponentProps<"input"> & React.ComponentProps<"textarea">, "id" | "name" | "defaultValue" | "type">;

interface TextFieldProps extends ControlProps {
  field: FieldState;
  label: string;
  optional?: boolean;
  type?: "text" | "email";
  /** A text area instead of a one-line input. */
  multiline?: boolean;
}

/**
 * One labelled control of a lead form, with the server's first message for it under it (`aria-invalid`,
 * `aria-describedby`); the page script writes the same message in the same place after a post sent in place.
 */
export function TextField({ field, label, optional, type = "text", multiline = false, className, ...props }: TextFieldProps) {
  const control = {
    id: field.id,
    name: field.name,
    defaultValue: field.defaultValue,
    ...(field.error ? { "aria-invalid": true as const, "aria-describedby": `${field.id}-error` } : {}),
  };
  return (
    <Field id={field.id} label={label} optional={optional} error={field.error} className={className}>
      {multiline ? <Textarea {...control} {...props} /> : <Input type={type} {...control} {...props} />}
    </Field>
  );
}
