// The redirect's three fields, for a new one and an existing one, with each field's refusal beside it. A plain form
// (the console never hydrates); data arrives as props.
import type * as React from "react";
import { PostForm } from "~/components/console/post-form";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { REDIRECT_PATH_MAX, REDIRECT_STATUSES, REDIRECT_TARGET_MAX, type RedirectStatus } from "./limits";

export const STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301: moved for good",
  302: "302: moved for now",
  410: "410: gone, no replacement",
};

export interface RedirectFormValues {
  source: string;
  target: string;
  status: string;
}

export function RedirectForm({
  id,
  label,
  values,
  errors = {},
  autoFocusTarget = false,
  children,
}: {
  /** Prefix of the controls' ids, unique on the page. */
  id: string;
  label: string;
  values: RedirectFormValues;
  errors?: Record<string, string> | undefined;
  autoFocusTarget?: boolean;
  /** The hidden fields and buttons. */
  children: React.ReactNode;
}) {
  const control = (name: keyof RedirectFormValues) => ({ id: `${id}-${name}`, name, ...fieldErrorProps(`${id}-${name}`, errors[name]) });
  return (
    <PostForm id={id} aria-label={label} className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-4 md:grid-cols-12">
        <Field
          id={`${id}-source`}
          label="Old path"
          error={errors.source}
          hint="An address of this site that no page answers any more, such as /old-pricing."
          className="md:col-span-4"
        >
          <Input {...control("source")} defaultValue={values.source} required maxLength={REDIRECT_PATH_MAX} placeholder="/old-page" />
        </Field>
        <Field
          id={`${id}-target`}
          label="Target"
          error={errors.target}
          hint="A page of this site (/pricing) or an address starting with https://. Empty for 410."
          className="md:col-span-5"
        >
          <Input
            {...control("target")}
            defaultValue={values.target}
            maxLength={REDIRECT_TARGET_MAX}
            placeholder="/pricing"
            autoFocus={autoFocusTarget}
          />
        </Field>
        <Field id={`${id}-status`} label="Kind" error={errors.status} className="md:col-span-3">
          <NativeSelect {...control("status")} defaultValue={values.status}>
            {REDIRECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </PostForm>
  );
}
