import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useConsoleSession } from "~/components/console/session";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { BODY_IMAGE_ALT_MAX, BODY_IMAGE_HINT } from "./body-image";
import { CSRF_FIELD } from "~/lib/console/csrf";
import type { EditorAnswer } from "~/lib/editor/answer";
import { cn } from "~/lib/utils";
import { PostFileInput } from "./post-file-input";
import type { PostDraft } from "./use-post-draft";

/**
 * The post's body and the images added to it: with JavaScript an image is uploaded on its own and its tag inserted where
 * the caret was; without, the whole form is sent and the server appends the tag.
 */
export function PostBodyFields({ draft, hydrated }: { draft: PostDraft; hydrated: boolean }) {
  const { csrfToken } = useConsoleSession();
  const upload = useFetcher<EditorAnswer>();
  const imageRef = useRef<HTMLInputElement>(null);
  // Where the caret was in the content when the editor went to pick an image: the tag goes there.
  const caret = useRef<number | undefined>(undefined);
  const [alt, setAlt] = useState(draft.said?.values?.bodyImageAlt ?? "");
  const { said, fields, insertIntoContent } = draft;
  const errors = said?.errors ?? {};

  useEffect(() => {
    const snippet = upload.data?.snippet;
    if (!upload.data?.ok || !snippet) return;
    insertIntoContent(snippet, caret.current);
    setAlt("");
    if (imageRef.current) imageRef.current.value = "";
    // Once per answer: insertIntoContent is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upload.data]);

  function send() {
    const data = new FormData();
    data.set(CSRF_FIELD, csrfToken);
    data.set("intent", "body-image");
    const file = imageRef.current?.files?.[0];
    if (file) data.set("bodyImage", file);
    data.set("bodyImageAlt", alt);
    void upload.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  // The upload's own answer (with JavaScript), else the page's (the whole form was sent).
  const answer = upload.data ?? (said?.snippet || said?.errors?.bodyImage || said?.errors?.bodyImageAlt ? said : undefined);
  const imageErrors = answer?.errors ?? {};
  return (
    <>
      <Field
        id="post-content"
        label="Content (Markdown or HTML)"
        error={errors.content}
        hint="Markdown, or HTML such as <h2>, <p>, <ul>, <a>. Scripts, event handlers, iframes and javascript: links are removed."
      >
        <Textarea
          id="post-content"
          name="content"
          rows={16}
          spellCheck
          className="font-mono text-sm"
          value={fields.content}
          onChange={(event) => draft.update("content", event.currentTarget.value)}
          onSelect={(event) => (caret.current = event.currentTarget.selectionEnd)}
          {...fieldErrorProps("post-content", errors.content)}
        />
      </Field>

      <fieldset className="flex flex-col gap-4 rounded-lg border p-4" aria-describedby="body-image-help">
        <legend className="px-1 text-sm font-medium">Add an image</legend>
        <p id="body-image-help" className="text-xs text-muted-foreground">
          {BODY_IMAGE_HINT} The image&apos;s tag is inserted where the cursor was in the content
          {hydrated ? "" : " (at its end, without JavaScript)"}; save to keep it.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="post-body-image" label="Image to add" error={imageErrors.bodyImage}>
            <PostFileInput
              ref={imageRef}
              id="post-body-image"
              name="bodyImage"
              {...fieldErrorProps("post-body-image", imageErrors.bodyImage)}
            />
          </Field>
          <Field
            id="post-body-image-alt"
            label="Alt text for the image"
            error={imageErrors.bodyImageAlt}
            hint="Required: what the image shows, for readers who cannot see it."
          >
            <Input
              id="post-body-image-alt"
              name="bodyImageAlt"
              maxLength={BODY_IMAGE_ALT_MAX}
              value={alt}
              onChange={(event) => setAlt(event.currentTarget.value)}
              {...fieldErrorProps("post-body-image-alt", imageErrors.bodyImageAlt)}
            />
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            name="intent"
            value="body-image"
            variant="outline"
            formNoValidate
            disabled={upload.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <Icon name="image-up" />
            {upload.state !== "idle" ? "Uploading…" : "Upload and insert"}
          </Button>
          <p role="status" className={cn("text-sm", answer?.ok ? "text-success" : "text-destructive")}>
            {answer?.message ?? ""}
          </p>
        </div>
      </fieldset>
    </>
  );
}
