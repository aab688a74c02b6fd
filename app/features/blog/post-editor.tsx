import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { useConsoleSession } from "~/components/console/session";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { getAuthor } from "./authors";
import { BLOG_CATEGORIES, COVER_HEIGHT, COVER_WIDTH } from "./post";
import { LIMITS, publishRequirements, type EditorPost } from "./post-fields";

export type { EditorPost };
import { parseTags } from "./post-file";
import { formatPostDate, htmlToText, readTime } from "./post-text";
import { CSRF_FIELD } from "~/lib/console/csrf";
import { todayIso } from "~/lib/dates";
import type { EditorAnswer } from "~/lib/editor/answer";
import { PublishJumpBar } from "~/components/console/publish-panel";
import { formatInZone } from "~/lib/console/time-zone";
import { PostArticle } from "./post-article";
import { PostBodyFields } from "./post-body-fields";
import { PostCoverFields, useCoverChoice } from "./post-cover-fields";
import { PostPublishPanel } from "./post-publish-panel";
import { PostSeoFields } from "./post-seo-fields";
import { usePostDraft } from "./use-post-draft";

// The editor of one post (/console/posts/new, /console/posts/:id): a plain multipart form whose buttons say what to do
// (save, publish, schedule), so every action also works without JavaScript. With it: the slug follows the title, a
// draft saves itself a few seconds after a change (./use-post-draft.ts), and the Preview tab shows the server's own
// rendering of the body.

const TABS = [
  { value: "editor", label: "Editor", icon: "pen-line" },
  { value: "preview", label: "Preview", icon: "eye" },
] as const;

export function PostEditor({ post, answer, timeZone }: { post: EditorPost; answer?: EditorAnswer | undefined; timeZone: string }) {
  const { csrfToken } = useConsoleSession();
  const draft = usePostDraft(post, answer);
  const cover = useCoverChoice(post.cover, answer);
  const preview = useFetcher<EditorAnswer>();
  const [tab, setTab] = useState("editor");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { fields, said, version } = draft;
  const errors = said?.errors ?? {};
  const date = post.publishedAt?.slice(0, 10) ?? todayIso();
  const missingCount = Object.keys(publishRequirements({ ...fields, cover: cover.url })).length;

  function showPreview() {
    const data = new FormData();
    data.set(CSRF_FIELD, csrfToken);
    data.set("intent", "preview");
    data.set("content", fields.content);
    void preview.submit(data, { method: "post", encType: "multipart/form-data" });
  }

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
        {TABS.map(({ value, label, icon }) => (
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

      {/* What went through; what was refused is said in the publishing panel, where the focus goes (decision 046). */}
      <div role="status" aria-live="polite">
        {said?.ok && said.message ? (
          <p className="rounded-lg border border-success/30 bg-success/10 p-3 text-sm font-medium text-success">
            {said.message}
            {said.at ? ` ${formatInZone(said.at, timeZone)}.` : null}
          </p>
        ) : null}
      </div>

      {/* Kept mounted while the Preview shows, so the chosen file and the caret survive a switch. */}
      <Tabs.Content value="editor" forceMount className="data-[state=inactive]:hidden">
        <Form
          ref={draft.formRef}
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-6"
          aria-label={post.id === undefined ? "New blog post" : "Blog post"}
        >
          <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
          {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
          {/* The panel first: on a phone it opens the form; on a wide screen it stays in view in its own column. */}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
            <div className="lg:col-start-2 lg:row-start-1 lg:self-stretch">
              <PostPublishPanel post={post} draft={draft} hasCover={cover.url !== null} answer={answer} timeZone={timeZone} />
            </div>
            <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
              <div className="grid gap-6 md:grid-cols-2">
                <Field id="post-title" label="Title" error={errors.title}>
                  <Input
                    id="post-title"
                    name="title"
                    required
                    maxLength={LIMITS.title}
                    value={fields.title}
                    onChange={(event) => draft.setTitle(event.currentTarget.value)}
                    {...fieldErrorProps("post-title", errors.title)}
                  />
                </Field>
                <Field
                  id="post-slug"
                  label="Slug"
                  error={errors.slug}
                  hint={`The address: /blog/${fields.slug || "your-title"}. Derived from the title until you edit it.${draft.live ? " Changing it sends the old address here (301)." : ""}`}
                >
                  <Input
                    id="post-slug"
                    name="slug"
                    maxLength={LIMITS.slug}
                    value={fields.slug}
                    onChange={(event) => draft.setSlug(event.currentTarget.value)}
                    {...fieldErrorProps("post-slug", errors.slug)}
                  />
                </Field>
              </div>

              <PostCoverFields draft={draft} cover={cover} errors={errors} />

              <Field id="post-excerpt" label="Excerpt" error={errors.excerpt}>
                <Textarea
                  id="post-excerpt"
                  name="excerpt"
                  maxLength={LIMITS.excerpt}
                  rows={3}
                  value={fields.excerpt}
                  onChange={(event) => draft.update("excerpt", event.currentTarget.value)}
                  {...fieldErrorProps("post-excerpt", errors.excerpt)}
                />
              </Field>

              <PostBodyFields draft={draft} hydrated={hydrated} />

              <div className="grid gap-6 md:grid-cols-3">
                <Field id="post-author" label="Author" error={errors.author}>
                  <Input
                    id="post-author"
                    name="author"
                    maxLength={LIMITS.author}
                    autoComplete="name"
                    value={fields.author}
                    onChange={(event) => draft.update("author", event.currentTarget.value)}
                    {...fieldErrorProps("post-author", errors.author)}
                  />
                </Field>
                <Field id="post-category" label="Category" error={errors.category}>
                  <NativeSelect
                    id="post-category"
                    name="category"
                    value={fields.category}
                    onChange={(event) => draft.update("category", event.currentTarget.value)}
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
                  onChange={(event) => draft.update("tags", event.currentTarget.value)}
                  {...fieldErrorProps("post-tags", errors.tags)}
                />
              </Field>

              <PostSeoFields draft={draft} socialImage={post.socialImage} />
            </div>
          </div>
          <PublishJumpBar
            state={post.status === "published" ? "live" : post.status === "scheduled" ? "scheduled" : "draft"}
            missing={missingCount}
          />
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
            image: cover.url ? { src: cover.url, width: COVER_WIDTH, height: COVER_HEIGHT, alt: fields.coverAlt } : null,
            tags: parseTags(fields.tags),
            readTime: readTime(htmlToText(fields.content)),
            html: preview.data?.html ?? "",
          }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
