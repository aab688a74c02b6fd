import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type * as React from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

type ControlProps = Omit<React.ComponentProps<"input"> & React.ComponentProps<"textarea">, "id" | "name" | "defaultValue" | "type">;

interface TextFieldProps extends ControlProps {
  meta: FieldMetadata<unknown>;
  label: string;
  optional?: boolean;
  type?: "text" | "email";
  /** A text area instead of a one-line input. */
  multiline?: boolean;
}

/**
 * One labelled control of a lead form: Conform gives it its id, name, value to show again and `aria-invalid` /
 * `aria-describedby`; the message under it is the server's first error for the field.
 */
export function TextField({ meta, label, optional, type = "text", multiline = false, className, ...props }: TextFieldProps) {
  const { key, ...control } = multiline ? getTextareaProps(meta) : getInputProps(meta, { type });
  return (
    <Field id={meta.id} errorId={meta.errorId} label={label} optional={optional} error={meta.errors?.[0]} className={className}>
      {multiline ? <Textarea key={key} {...control} {...props} /> : <Input key={key} {...control} {...props} />}
    </Field>
  );
}
