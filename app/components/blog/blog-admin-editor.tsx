import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { useInboxSession } from "~/components/console/session";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { fieldControlClass, Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { getAuthor } from "~/content/authors";
import { site } from "~/content/site";
import { pageTitle } from "~/lib/meta";
import { CSRF_FIELD } from "~/lib/console/csrf";
import { BLOG_CATEGORIES, COVER_HEIGHT, COVER_WIDTH, coverSrc } from "~/lib/blog/post";
import { parseTags } from "~/lib/blog/post-file";
import { todayIso } from "~/lib/dates";
import { formatPostDate, htmlToText, readTime } from "~/lib/blog/post-text";
import { BODY_IMAGE_ALT_MAX, BODY_IMAGE_HINT, insertSnippet } from "~/lib/blog/body-image";
import { COVER_MAX_BYTES, coverTooLarge, LIMITS, slugFromTitle, type EditorValues } from "~/lib/blog/post-fields";
import { SEO_DESCRIPTION_MIN } from "~/lib/seo-limits";
import type { EditorAnswer } from "~/lib/editor/answer";
import { cn } from "~/lib/utils";
import { PostArticle } from "./post-article";

// The editor of one post (/blog-admin/new, /blog-admin/posts/:id): a plain multipart form whose buttons say what to do
// (save, publish, schedule), so every action also works without JavaScript. With it: the slug follows the title, a
// draft saves itself a few seconds after a change, and the Preview tab shows the server's own rendering of the body.

export const AUTOSAVE_AFTER_MS = 3000;
export const COVER_HINT = "JPEG, PNG, WebP or AVIF, up to 10 MB, at least 400 × 225 px. Cropped to 16:9; SVG is not accepted.";

/** A post as the editor opens it: its typed fields, its cover, and (once saved) its state. */
export interface EditorPost extends EditorValues {
  id?: number;
  version?: number;
  status?: "draft" | "scheduled" | "published" | "unpublished";
  cover: string | null;
  /** The link previews' own image, when it is not the cover. */
  socialImage?: string | null;
  publishedAt?: string | null;
  publishAt?: string | null;
}

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

/** `datetime-local`'s value for an instant, in this browser's time zone. */
function localInputValue(iso: string) {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant as the editor reads it: in their own time zone once the page runs, in UTC before (the server's render). */
export function LocalTime({ iso }: { iso: string }) {
  const [label, setLabel] = useState(() => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`);
  useEffect(() => {
    // Spelled out: dateStyle and timeStyle cannot be combined with timeZoneName (a TypeError that blanked the page).
    const format = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;
    setLabel(new Intl.DateTimeFormat("en-US", format).format(new Date(iso)));
  }, [iso]);
  return <time dateTime={iso}>{label}</time>;
}

export function PostEditor({ post, answer }: { post: EditorPost; answer?: EditorAnswer | undefined }) {
  const { csrfToken } = useInboxSession();
  const [fields, setFields] = useState<EditorValues>(() => ({ ...post, ...answer?.values }));
  // Once published, the slug is the post's public address: a new title leaves it where it is.
  const [slugEdited, setSlugEdited] = useState(Boolean(post.publishedAt) || (post.slug !== "" && post.slug !== slugFromTitle(post.title)));
  const [version, setVersion] = useState(post.version);
  const [chosenCover, setChosenCover] = useState<string | null>(null);
  const [coverError, setCoverError] = useState<string>();
  const [publishAt, setPublishAt] = useState(post.publishAt ? localInputValue(post.publishAt) : "");
  const [dirty, setDirty] = useState(false);
  const [tab, setTab] = useState("editor");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formRef = useRef<HTMLFormElement>(null);
  const coverInputRef = useRef<HTMLInputElement>(null);
  const autosave = useFetcher<EditorAnswer>();
  const preview = useFetcher<EditorAnswer>();
  const imageUpload = useFetcher<EditorAnswer>();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const bodyImageRef = useRef<HTMLInputElement>(null);
  // Where the caret was in the content when the editor went to pick an image: the tag goes there.
  const caret = useRef<number | undefined>(undefined);
  const [bodyImageAlt, setBodyImageAlt] = useState(answer?.values?.bodyImageAlt ?? "");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // A save is not started while another is under way: each is made over the version the one before answered.
  const saving = busy || autosave.state !== "idle";
  // What the server said last, to a save or to an autosave: the status line and the marked fields show it.
  const [said, setSaid] = useState(answer);
  const errors = said?.errors ?? {};
  const live = post.status === "published";
  const date = post.publishedAt?.slice(0, 10) ?? todayIso();

  // A new answer from the server (a save) carries the row's version: the next save is made over it.
  useEffect(() => {
    if (answer?.version !== undefined) setVersion(answer.version);
    setSaid(answer);
    setDirty(false);
    // A refused cover (an SVG, a file that is no image) leaves the preview and the field: the stored cover shows again.
    if (answer?.errors?.cover) {
      setChosenCover(null);
      if (coverInputRef.current) coverInputRef.current.value = "";
    }
  }, [answer]);
  useEffect(() => {
    if (!autosave.data) return;
    if (autosave.data.version !== undefined) setVersion(autosave.data.version);
    setSaid(autosave.data);
  }, [autosave.data]);
  useEffect(() => () => void (chosenCover && URL.revokeObjectURL(chosenCover)), [chosenCover]);
  // An uploaded body image's tag goes where the caret was (the form without JavaScript appends it, on the server).
  useEffect(() => {
    const snippet = imageUpload.data?.snippet;
    if (!imageUpload.data?.ok || !snippet) return;
    setFields((current) => ({ ...current, content: insertSnippet(current.content, snippet, caret.current) }));
    setDirty(true);
    setBodyImageAlt("");
    if (bodyImageRef.current) bodyImageRef.current.value = "";
  }, [imageUpload.data]);

  // Drafts save themselves; a published post changes only when its editor says so (Update post).
  useEffect(() => {
    if (!dirty || live || busy || post.id === undefined || autosave.state !== "idle") return;
    const timer = window.setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      data.set("intent", "autosave");
      data.delete("cover");
      data.delete("socialImage");
      data.delete("bodyImage");
      if (version !== undefined) data.set("version", String(version));
      void autosave.submit(data, { method: "post", encType: "multipart/form-data" });
      setDirty(false);
    }, AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, fields, live, busy, post.id, version, autosave]);

  function update<K extends keyof EditorValues>(key: K, value: EditorValues[K]) {
    setFields((current) => ({ ...current, [key]: value }));
    setDirty(true);
  }

  function showPreview() {
    const data = new FormData();
    data.set(CSRF_FIELD, csrfToken);
    data.set("intent", "preview");
    data.set("content", fields.content);
    void preview.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  function uploadBodyImage() {
    const data = new FormData();
    data.set(CSRF_FIELD, csrfToken);
    data.set("intent", "body-image");
    const file = bodyImageRef.current?.files?.[0];
    if (file) data.set("bodyImage", file);
    data.set("bodyImageAlt", bodyImageAlt);
    void imageUpload.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  const coverUrl = chosenCover ?? (post.cover ? coverSrc(post.cover) : null);
  const socialUrl = post.socialImage ? coverSrc(post.socialImage) : null;
  // The upload's own answer (with JavaScript), else the page's (the whole form was sent).
  const imageAnswer = imageUpload.data ?? (said?.snippet || said?.errors?.bodyImage || said?.errors?.bodyImageAlt ? said : undefined);
  const imageErrors = imageAnswer?.errors ?? {};
  const status = said?.message;
  const failed = said ? !said.ok : false;

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        setTab(value);
        if (value === "preview") showPreview();
      }}
      className="flex flex-col gap-6"
    >
      <Tabs.List aria-label="Blog post" className="inline-flex w-fit gap-1 rounded-lg border bg-muted p-1">
        {(
          [
            { value: "editor", label: "Editor", icon: "pen-line" },
            { value: "preview", label: "Preview", icon: "eye" },
          ] as const
        ).map(({ value, label, icon }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
          >
            <Icon name={icon} className="size-4" />
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      <div role="status" aria-live="polite">
        {status ? (
          <p
            className={cn(
              "rounded-lg border p-3 text-sm font-medium",
              failed ? "border-destructive/30 bg-destructive/10 text-destructive" : "border-success/30 bg-success/10 text-success",
            )}
          >
            {status}
            {said?.at ? (
              <>
                {" "}
                <LocalTime iso={said.at} />.
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      {/* Kept mounted while the Preview shows, so the chosen file and the caret survive a switch. */}
      <Tabs.Content value="editor" forceMount className="data-[state=inactive]:hidden">
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-6"
          aria-label={post.id === undefined ? "New blog post" : "Blog post"}
        >
          <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
          {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
          <div className="grid gap-6 md:grid-cols-2">
            <Field id="post-title" label="Title" error={errors.title}>
              <Input
                id="post-title"
                name="title"
                required
                maxLength={LIMITS.title}
                value={fields.title}
                onChange={(event) => {
                  const title = event.currentTarget.value;
                  setFields((current) => ({ ...current, title, slug: slugEdited ? current.slug : slugFromTitle(title) }));
                  setDirty(true);
                }}
                {...fieldErrorProps("post-title", errors.title)}
              />
            </Field>
            <Field
              id="post-slug"
              label="Slug"
              error={errors.slug}
              hint={`The address: /blog/${fields.slug || "your-title"}. Derived from the title until you edit it.${live ? " Changing it sends the old address here (301)." : ""}`}
            >
              <Input
                id="post-slug"
                name="slug"
                maxLength={LIMITS.slug}
                value={fields.slug}
                onChange={(event) => {
                  const slug = event.currentTarget.value;
                  setSlugEdited(slug !== "");
                  update("slug", slug === "" ? slugFromTitle(fields.title) : slug);
                }}
                {...fieldErrorProps("post-slug", errors.slug)}
              />
            </Field>
          </div>

          <Field id="post-cover" label="Thumbnail image" error={coverError ?? errors.cover} hint={COVER_HINT}>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <input
                ref={coverInputRef}
                id="post-cover"
                name="cover"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                className={cn(
                  fieldControlClass,
                  "h-auto cursor-pointer file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground",
                )}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  // Said at once, not after sending 30 MB for the server to refuse.
                  const tooLarge = file && file.size > COVER_MAX_BYTES;
                  if (tooLarge) event.currentTarget.value = "";
                  setCoverError(tooLarge ? coverTooLarge() : undefined);
                  setChosenCover(file && !tooLarge ? URL.createObjectURL(file) : null);
                  setDirty(true);
                }}
                {...fieldErrorProps("post-cover", coverError ?? errors.cover)}
              />
              {coverUrl ? (
                <img src={coverUrl} alt="" width={160} height={90} className="aspect-video w-40 shrink-0 rounded-md border object-cover" />
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
              value={fields.coverAlt}
              onChange={(event) => update("coverAlt", event.currentTarget.value)}
              {...fieldErrorProps("post-cover-alt", errors.coverAlt)}
            />
          </Field>

          <Field id="post-excerpt" label="Excerpt" error={errors.excerpt}>
            <Textarea
              id="post-excerpt"
              name="excerpt"
              maxLength={LIMITS.excerpt}
              rows={3}
              value={fields.excerpt}
              onChange={(event) => update("excerpt", event.currentTarget.value)}
              {...fieldErrorProps("post-excerpt", errors.excerpt)}
            />
          </Field>

          <Field
            id="post-content"
            label="Content (Markdown or HTML)"
            error={errors.content}
            hint="Markdown, or HTML such as <h2>, <p>, <ul>, <a>. Scripts, event handlers, iframes and javascript: links are removed."
          >
            <Textarea
              ref={contentRef}
              id="post-content"
              name="content"
              rows={16}
              spellCheck
              className="font-mono text-sm"
              value={fields.content}
              onChange={(event) => update("content", event.currentTarget.value)}
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
                <input
                  ref={bodyImageRef}
                  id="post-body-image"
                  name="bodyImage"
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                  className={cn(
                    fieldControlClass,
                    "h-auto cursor-pointer file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground",
                  )}
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
                  value={bodyImageAlt}
                  onChange={(event) => setBodyImageAlt(event.currentTarget.value)}
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
                disabled={imageUpload.state !== "idle"}
                onClick={(event) => {
                  event.preventDefault();
                  uploadBodyImage();
                }}
              >
                <Icon name="image-up" />
                {imageUpload.state !== "idle" ? "Uploading…" : "Upload and insert"}
              </Button>
              <p role="status" className={cn("text-sm", imageAnswer?.ok ? "text-success" : "text-destructive")}>
                {imageAnswer?.message ?? ""}
              </p>
            </div>
          </fieldset>

          <div className="grid gap-6 md:grid-cols-3">
            <Field id="post-author" label="Author" error={errors.author}>
              <Input
                id="post-author"
                name="author"
                maxLength={LIMITS.author}
                autoComplete="name"
                value={fields.author}
                onChange={(event) => update("author", event.currentTarget.value)}
                {...fieldErrorProps("post-author", errors.author)}
              />
            </Field>
            <Field id="post-category" label="Category" error={errors.category}>
              <NativeSelect
                id="post-category"
                name="category"
                value={fields.category}
                onChange={(event) => update("category", event.currentTarget.value)}
                {...fieldErrorProps("post-category", errors.category)}
              >
                <option value="">Choose a category</option>
                {BLOG_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="post-read-time" label="Read time" hint="Computed from the content, 200 words a minute.">
              <Input id="post-read-time" readOnly value={readTime(htmlToText(fields.content))} className="bg-muted" />
            </Field>
          </div>

          <Field id="post-tags" label="Tags" optional error={errors.tags} hint="Comma separated, e.g. follow-up, objections">
            <Input
              id="post-tags"
              name="tags"
              value={fields.tags}
              onChange={(event) => update("tags", event.currentTarget.value)}
              {...fieldErrorProps("post-tags", errors.tags)}
            />
          </Field>

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
                onChange={(event) => update("seoTitle", event.currentTarget.value)}
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
                onChange={(event) => update("seoDescription", event.currentTarget.value)}
                {...fieldErrorProps("post-seo-description", errors.seoDescription)}
              />
            </Field>
            <Field
              id="post-social-image"
              label="Link preview image"
              optional
              error={errors.socialImage}
              hint={`${COVER_HINT} Empty: the cover.`}
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <input
                  id="post-social-image"
                  name="socialImage"
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                  className={cn(
                    fieldControlClass,
                    "h-auto cursor-pointer file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground",
                  )}
                  onChange={() => setDirty(true)}
                  {...fieldErrorProps("post-social-image", errors.socialImage)}
                />
                {socialUrl ? (
                  <img
                    src={socialUrl}
                    alt=""
                    width={160}
                    height={90}
                    className="aspect-video w-40 shrink-0 rounded-md border object-cover"
                  />
                ) : null}
              </div>
            </Field>
            {socialUrl ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="socialImageReset" value="yes" onChange={() => setDirty(true)} />
                Use the cover instead of this image
              </label>
            ) : null}
          </fieldset>

          <div className="flex flex-col gap-4 border-t pt-6">
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" name="intent" value="save" size="lg" disabled={saving}>
                {live ? "Update post" : "Save draft"}
              </Button>
              {post.id !== undefined && !live ? (
                <Button type="submit" name="intent" value="publish" size="lg" variant="outline" disabled={saving}>
                  Publish now
                </Button>
              ) : null}
              {live ? (
                <Button type="submit" name="intent" value="unpublish" size="lg" variant="outline" disabled={saving}>
                  Unpublish
                </Button>
              ) : null}
            </div>
            {post.id !== undefined && !live ? (
              <fieldset className="flex flex-wrap items-end gap-3">
                <legend className="mb-2 text-sm font-medium">Schedule</legend>
                <Field id="post-publish-at" label="Publish at (your time zone)" error={errors.publishAt}>
                  <Input
                    id="post-publish-at"
                    type="datetime-local"
                    name="publishAtLocal"
                    value={publishAt}
                    onChange={(event) => setPublishAt(event.currentTarget.value)}
                    {...fieldErrorProps("post-publish-at", errors.publishAt)}
                  />
                </Field>
                {/* The instant in UTC, worked out in the editor's own time zone; without JavaScript the server reads the local field as UTC. */}
                <input type="hidden" name="publishAt" value={hydrated && publishAt ? new Date(publishAt).toISOString() : ""} />
                <Button type="submit" name="intent" value="schedule" variant="outline" disabled={saving}>
                  {post.status === "scheduled" ? "Reschedule" : "Schedule"}
                </Button>
                {post.status === "scheduled" ? (
                  <Button type="submit" name="intent" value="unschedule" variant="outline" disabled={saving}>
                    Take off the schedule
                  </Button>
                ) : null}
              </fieldset>
            ) : null}
          </div>
        </Form>
      </Tabs.Content>

      <Tabs.Content value="preview" className="rounded-2xl border p-4 sm:p-8">
        <PostArticle
          titleAs="h2"
          authorBio={getAuthor(fields.author.trim())?.bio}
          post={{
            slug: fields.slug,
            title: fields.title.trim() || "Untitled post",
            category: fields.category || "Uncategorised",
            date,
            dateLabel: formatPostDate(date),
            author: fields.author.trim() || "Author",
            image: coverUrl ? { src: coverUrl, width: COVER_WIDTH, height: COVER_HEIGHT, alt: fields.coverAlt } : null,
            tags: parseTags(fields.tags),
            readTime: readTime(htmlToText(fields.content)),
            html: preview.data?.html ?? "",
          }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
