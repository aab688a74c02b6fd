import * as Tabs from "@radix-ui/react-tabs";
import { CircleCheck, Download, Eye, ImageUp, PenLine } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { fieldControlClass, Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { getAuthor } from "~/content/authors";
import { BLOG_CATEGORIES, COVER_HEIGHT, COVER_WIDTH, slugify } from "~/lib/blog";
import { draftToMarkdown, parseTags, type BlogDraft } from "~/lib/blog-draft";
import { todayIso } from "~/lib/dates";
import { formatPostDate, htmlToText, readTime } from "~/lib/post-text";
import { sanitizePostHtml } from "~/lib/sanitize";
import { BlogPostFrontmatterSchema } from "~/lib/schemas/blog-post";
import { cn } from "~/lib/utils";
import { PostArticle } from "./post-article";

export const THUMBNAIL_REQUIRED = "Please upload a thumbnail image for the blog post.";
export const CREATED_MESSAGE = "Blog post created successfully! In a real implementation, this would be saved to a database.";
export const CLEAR_AFTER_MS = 5000;

type DraftFields = Omit<BlogDraft, "id" | "date">;

const EMPTY: DraftFields = { title: "", slug: "", excerpt: "", content: "", author: "", category: "", tags: "" };

interface Thumbnail {
  file: File;
  url: string;
}

interface BlogAdminEditorProps {
  /** The id an exported post gets: one more than the highest in the repo. */
  nextId: number;
  existingSlugs: readonly string[];
}

function fileExtension(file: File) {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  return (fromName ?? file.type.split("/")[1] ?? "img").toLowerCase().replace("jpeg", "jpg").replace("svg+xml", "svg");
}

/** Everything happens in the browser: nothing is posted, stored or uploaded. */
export function BlogAdminEditor({ nextId, existingSlugs }: BlogAdminEditorProps) {
  const [fields, setFields] = useState<DraftFields>(EMPTY);
  const [slugEdited, setSlugEdited] = useState(false);
  const [thumbnail, setThumbnail] = useState<Thumbnail | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string>();
  const [slugError, setSlugError] = useState<string>();
  const [exportError, setExportError] = useState<string>();
  const [created, setCreated] = useState(false);
  const [tab, setTab] = useState("editor");
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const computedReadTime = readTime(htmlToText(fields.content));
  const safeHtml = useMemo(() => sanitizePostHtml(fields.content), [fields.content]);
  const date = useMemo(() => todayIso(), []);

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (thumbnail) URL.revokeObjectURL(thumbnail.url);
    },
    [thumbnail],
  );

  // The success message stays 5 seconds, then the form starts over.
  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => {
      formRef.current?.reset();
      setFields(EMPTY);
      setSlugEdited(false);
      setThumbnail(null);
      setSlugError(undefined);
      setExportError(undefined);
      setCreated(false);
    }, CLEAR_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [created]);

  function update<K extends keyof DraftFields>(key: K, value: DraftFields[K]) {
    setFields((current) => ({ ...current, [key]: value }));
  }

  function checkSlug(slug: string) {
    const error = existingSlugs.includes(slug) ? "A post with this slug already exists. Choose another slug." : undefined;
    setSlugError(error);
    return !error;
  }

  function draft(): BlogDraft {
    return { id: nextId, ...fields, slug: fields.slug.trim(), date };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setExportError(undefined);
    if (!thumbnail) {
      setThumbnailError(THUMBNAIL_REQUIRED);
      fileRef.current?.focus();
      return;
    }
    if (!checkSlug(fields.slug.trim())) return;
    setCreated(true);
  }

  function onExport() {
    setExportError(undefined);
    if (!formRef.current?.reportValidity()) return;
    const current = draft();
    if (!checkSlug(current.slug)) return;
    const tags = parseTags(current.tags);
    const checked = BlogPostFrontmatterSchema.safeParse({
      id: current.id,
      slug: current.slug,
      title: current.title,
      excerpt: current.excerpt,
      category: current.category,
      date: current.date,
      author: current.author,
      image: `/images/blog/${current.slug}.webp`,
      readTime: computedReadTime,
      ...(tags.length > 0 ? { tags } : {}),
    });
    if (!checked.success) {
      setExportError(
        `The post file would not load: ${checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}.`,
      );
      return;
    }
    const url = URL.createObjectURL(new Blob([draftToMarkdown(current)], { type: "text/markdown;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${current.slug}.md`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const slugForFiles = fields.slug.trim() || "<slug>";

  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="flex flex-col gap-6">
      <Tabs.List aria-label="Blog post" className="inline-flex w-fit gap-1 rounded-lg border bg-muted p-1">
        {[
          { value: "editor", label: "Editor", icon: PenLine },
          { value: "preview", label: "Preview", icon: Eye },
        ].map(({ value, label, icon: Icon }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      {/* Kept mounted while the Preview shows, so the chosen file and the caret survive a switch. */}
      <Tabs.Content value="editor" forceMount className="data-[state=inactive]:hidden">
        <form ref={formRef} onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="New blog post">
          <div className="grid gap-6 md:grid-cols-2">
            <Field id="post-title" label="Title">
              <Input
                id="post-title"
                name="title"
                required
                maxLength={160}
                value={fields.title}
                onChange={(event) => {
                  const title = event.currentTarget.value;
                  setFields((current) => ({ ...current, title, slug: slugEdited ? current.slug : slugify(title) }));
                }}
              />
            </Field>
            <Field
              id="post-slug"
              label="Slug"
              error={slugError}
              hint={`The address: /blog/${fields.slug || "your-title"}. Derived from the title until you edit it.`}
            >
              <Input
                id="post-slug"
                name="slug"
                required
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                title="Lowercase letters and digits, words joined by single hyphens"
                value={fields.slug}
                onChange={(event) => {
                  const slug = event.currentTarget.value;
                  setSlugEdited(slug !== "");
                  setSlugError(undefined);
                  update("slug", slug === "" ? slugify(fields.title) : slug);
                }}
                {...fieldErrorProps("post-slug", slugError)}
              />
            </Field>
          </div>

          <Field id="post-thumbnail" label="Thumbnail image" error={thumbnailError} hint="Any image type. Shown at 16:9.">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <input
                ref={fileRef}
                id="post-thumbnail"
                name="thumbnail"
                type="file"
                accept="image/*"
                className={cn(
                  fieldControlClass,
                  "h-auto cursor-pointer file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground",
                )}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (!file) {
                    setThumbnail(null);
                    return;
                  }
                  if (!file.type.startsWith("image/")) {
                    setThumbnail(null);
                    setThumbnailError("Please choose an image file.");
                    return;
                  }
                  setThumbnailError(undefined);
                  setThumbnail({ file, url: URL.createObjectURL(file) });
                }}
                {...fieldErrorProps("post-thumbnail", thumbnailError)}
              />
              {thumbnail ? (
                <img
                  src={thumbnail.url}
                  alt="Chosen thumbnail"
                  width={160}
                  height={90}
                  className="aspect-video w-40 shrink-0 rounded-md border object-cover"
                />
              ) : (
                <span className="inline-flex aspect-video w-40 shrink-0 items-center justify-center rounded-md border border-dashed text-muted-foreground">
                  <ImageUp aria-hidden="true" className="size-6" />
                </span>
              )}
            </div>
          </Field>

          <Field id="post-excerpt" label="Excerpt">
            <Textarea
              id="post-excerpt"
              name="excerpt"
              required
              maxLength={320}
              rows={3}
              value={fields.excerpt}
              onChange={(event) => update("excerpt", event.currentTarget.value)}
            />
          </Field>

          <Field
            id="post-content"
            label="Content (HTML)"
            hint="HTML such as <h2>, <p>, <ul>, <a>. Scripts, event handlers and javascript: links are removed."
          >
            <Textarea
              id="post-content"
              name="content"
              required
              rows={14}
              spellCheck
              className="font-mono text-sm"
              value={fields.content}
              onChange={(event) => update("content", event.currentTarget.value)}
            />
          </Field>

          <div className="grid gap-6 md:grid-cols-3">
            <Field id="post-author" label="Author">
              <Input
                id="post-author"
                name="author"
                required
                maxLength={80}
                autoComplete="name"
                value={fields.author}
                onChange={(event) => update("author", event.currentTarget.value)}
              />
            </Field>
            <Field id="post-category" label="Category">
              <NativeSelect
                id="post-category"
                name="category"
                required
                value={fields.category}
                onChange={(event) => update("category", event.currentTarget.value)}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {BLOG_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="post-read-time" label="Read time" hint="Computed from the content, 200 words a minute.">
              <Input id="post-read-time" name="readTime" readOnly value={computedReadTime} className="bg-muted" />
            </Field>
          </div>

          <Field id="post-tags" label="Tags" optional hint="Comma separated, e.g. follow-up, objections">
            <Input id="post-tags" name="tags" value={fields.tags} onChange={(event) => update("tags", event.currentTarget.value)} />
          </Field>

          <div role="status" aria-live="polite">
            {created ? (
              <p className="flex items-start gap-2 rounded-lg border border-success/30 bg-success/10 p-4 font-medium text-success">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                {CREATED_MESSAGE}
              </p>
            ) : null}
          </div>
          {exportError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {exportError}
            </p>
          ) : null}

          <div className="flex flex-col gap-3 border-t pt-6 sm:flex-row sm:flex-wrap sm:items-center">
            <Button type="submit" size="lg" disabled={created}>
              Create Post
            </Button>
            <Button type="button" size="lg" variant="outline" onClick={onExport}>
              <Download aria-hidden="true" />
              Export post file
            </Button>
            {thumbnail ? (
              <Button asChild size="lg" variant="ghost">
                <a href={thumbnail.url} download={`${slugForFiles}.${fileExtension(thumbnail.file)}`}>
                  <Download aria-hidden="true" />
                  Download thumbnail
                </a>
              </Button>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            To publish, save the post file as <code className="rounded bg-muted px-1">app/content/blog/{slugForFiles}.md</code> and the
            thumbnail as <code className="rounded bg-muted px-1">app/content/blog/covers/{slugForFiles}.svg</code> (or .png, .jpg, .webp,
            .avif), then commit both.
          </p>
        </form>
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
            image: thumbnail ? { src: thumbnail.url, width: COVER_WIDTH, height: COVER_HEIGHT, alt: "" } : null,
            tags: parseTags(fields.tags),
            readTime: computedReadTime,
            html: safeHtml,
          }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
