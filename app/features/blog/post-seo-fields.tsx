import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { site } from "~/content/site";
import { coverSrc } from "./post";
import { LIMITS } from "./post-fields";
import { pageTitle } from "~/lib/meta";
import { SEO_DESCRIPTION_MIN } from "~/lib/seo-limits";
import { COVER_HINT } from "./post-cover-fields";
import { ImageThumb, PostFileInput } from "./post-file-input";
import type { PostDraft } from "./use-post-draft";

/**
 * A search field's count, and when it is empty whether its default fits what search engines show: a title longer than
 * 60 characters is cut, a description outside 50-160 replaced or cut, so the editor knows when to write one.
 */
function seoHint(value: string, fallback: string, what: string, [min, max]: [number, number]) {
  const range = min > 1 ? `${min}–${max}` : `at most ${max}`;
  if (value !== "") return `${value.length} characters (${range}).`;
  const length = fallback.trim().length;
  const fits = length >= min && length <= max;
  return `Empty: the ${what}, ${length} characters${fits ? ", which fits" : `; search engines show ${range}, so write one`}.`;
}

/** What search engines and link previews show, each falling back to what the post itself shows. */
export function PostSeoFields({ draft, socialImage }: { draft: PostDraft; socialImage: string | null | undefined }) {
  const { fields } = draft;
  const errors = draft.said?.errors ?? {};
  const socialUrl = socialImage ? coverSrc(socialImage) : null;
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Search engines and link previews</legend>
      <p className="text-xs text-muted-foreground">
        Left empty, each uses what is shown in it: the title (with “| {site.name}”), the excerpt and the cover.
      </p>
      <Field
        id="post-seo-title"
        label="Headline for search engines"
        optional
        error={errors.seoTitle}
        hint={seoHint(fields.seoTitle, pageTitle(fields.title), "title with the site's name", [1, LIMITS.seoTitle])}
      >
        <Input
          id="post-seo-title"
          name="seoTitle"
          maxLength={LIMITS.seoTitle}
          placeholder={pageTitle(fields.title || "Your title")}
          value={fields.seoTitle}
          onChange={(event) => draft.update("seoTitle", event.currentTarget.value)}
          {...fieldErrorProps("post-seo-title", errors.seoTitle)}
        />
      </Field>
      <Field
        id="post-seo-description"
        label="Summary for search engines"
        optional
        error={errors.seoDescription}
        hint={seoHint(fields.seoDescription, fields.excerpt, "excerpt", [SEO_DESCRIPTION_MIN, LIMITS.seoDescription])}
      >
        <Textarea
          id="post-seo-description"
          name="seoDescription"
          rows={2}
          maxLength={LIMITS.seoDescription}
          placeholder={fields.excerpt || "The excerpt"}
          value={fields.seoDescription}
          onChange={(event) => draft.update("seoDescription", event.currentTarget.value)}
          {...fieldErrorProps("post-seo-description", errors.seoDescription)}
        />
      </Field>
      <Field id="post-social-image" label="Link preview image" optional error={errors.socialImage} hint={`${COVER_HINT} Empty: the cover.`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <PostFileInput
            id="post-social-image"
            name="socialImage"
            onChange={draft.touch}
            {...fieldErrorProps("post-social-image", errors.socialImage)}
          />
          {socialUrl ? <ImageThumb src={socialUrl} /> : null}
        </div>
      </Field>
      {socialUrl ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="socialImageReset" value="yes" onChange={draft.touch} />
          Use the cover instead of this image
        </label>
      ) : null}
    </fieldset>
  );
}
