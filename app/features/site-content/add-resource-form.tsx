// "Add a resource" under the resources' cards (decision 035): its file and its card in one plain form, which adds it to
// the draft; publishing the draft puts it on /resources and drafts its newsletter issue.
import { PostForm } from "~/components/console/post-form";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Section } from "~/components/console/section";
import { resourcesCollection } from "./resources-collection";
import { FieldControl } from "./collection-editor";

/** The form's field names: `new.title`, …, and `new.file` for the upload. */
export const newResourceField = (name: string) => `new.${name}`;

interface AddResourceFormProps {
  version: number;
  maxSize: string;
  values?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
}

export function AddResourceForm({ version, maxSize, values = {}, errors = {} }: AddResourceFormProps) {
  const fileId = "field-new-file";
  const fileError = errors[newResourceField("file")];
  return (
    <Section title="Add a resource">
      <PostForm encType="multipart/form-data" className="flex flex-col gap-4" aria-label="Add a resource">
        <input type="hidden" name="version" value={version} />
        <Field
          id={fileId}
          label="File"
          error={fileError}
          hint={`A PDF, XLSX workbook, MP4 video or ZIP archive, at most ${maxSize}. Its content must be what its name says.`}
        >
          <Input
            id={fileId}
            name={newResourceField("file")}
            type="file"
            accept=".pdf,.xlsx,.mp4,.zip"
            required
            {...fieldErrorProps(fileId, fileError)}
          />
        </Field>
        {resourcesCollection.fields.map((spec) => (
          <FieldControl
            key={spec.name}
            spec={spec}
            name={newResourceField(spec.name)}
            value={values[newResourceField(spec.name)] ?? ""}
            error={errors[newResourceField(spec.name)]}
          />
        ))}
        <div>
          <Button type="submit" name="intent" value="add-resource">
            Add to the draft
          </Button>
        </div>
      </PostForm>
    </Section>
  );
}
