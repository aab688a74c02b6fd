import { useEffect, useRef, useState } from "react";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { coverSrc } from "./post";
import { COVER_MAX_BYTES, coverTooLarge, LIMITS } from "./post-fields";
import type { EditorAnswer } from "~/lib/editor/answer";
import { ImageThumb, PostFileInput } from "./post-file-input";
import type { PostDraft } from "./use-post-draft";

export const COVER_HINT = "JPEG, PNG, WebP or AVIF, up to 10 MB, at least 400 × 225 px. Cropped to 16:9; SVG is not accepted.";

/** The cover a post shows: the file just chosen (before it is sent), else the stored one. */
export function useCoverChoice(storedCover: string | null, answer: EditorAnswer | undefined) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  // A refused cover (an SVG, a file that is no image) leaves the preview and the field: the stored cover shows again.
  useEffect(() => {
    if (!answer?.errors?.cover) return;
    setChosen(null);
    if (inputRef.current) inputRef.current.value = "";
  }, [answer]);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  return {
    url: chosen ?? (storedCover ? coverSrc(storedCover) : null),
    error,
    inputRef,
    choose(input: HTMLInputElement) {
      const file = input.files?.[0];
      // Said at once, not after sending 30 MB for the server to refuse.
      const tooLarge = file && file.size > COVER_MAX_BYTES;
      if (tooLarge) input.value = "";
      setError(tooLarge ? coverTooLarge() : undefined);
      setChosen(file && !tooLarge ? URL.createObjectURL(file) : null);
    },
  };
}

export type CoverChoice = ReturnType<typeof useCoverChoice>;

export function PostCoverFields({ draft, cover, errors }: { draft: PostDraft; cover: CoverChoice; errors: Record<string, string> }) {
  const error = cover.error ?? errors.cover;
  return (
    <>
      <Field id="post-cover" label="Thumbnail image" error={error} hint={COVER_HINT}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <PostFileInput
            ref={cover.inputRef}
            id="post-cover"
            name="cover"
            onChange={(event) => {
              cover.choose(event.currentTarget);
              draft.touch();
            }}
            {...fieldErrorProps("post-cover", error)}
          />
          {cover.url ? (
            <ImageThumb src={cover.url} />
          ) : (
            <span className="inline-flex aspect-video w-40 shrink-0 items-center justify-center rounded-md border border-dashed text-muted-foreground">
              <Icon name="image-up" className="size-6" />
            </span>
          )}
        </div>
      </Field>
      <Field
        id="post-cover-alt"
        label="Image description (alt text)"
        error={errors.coverAlt}
        hint="What the cover shows, for readers who cannot see it."
      >
        <Input
          id="post-cover-alt"
          name="coverAlt"
          maxLength={LIMITS.coverAlt}
          value={draft.fields.coverAlt}
          onChange={(event) => draft.update("coverAlt", event.currentTarget.value)}
          {...fieldErrorProps("post-cover-alt", errors.coverAlt)}
        />
      </Field>
    </>
  );
}
