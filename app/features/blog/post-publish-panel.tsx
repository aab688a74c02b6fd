import { useState } from "react";
import { ErrorSummary, PublishPanel, type FieldProblem, type PublishState } from "~/components/console/publish-panel";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatInZone, timesAre, zonedInputValue } from "~/lib/console/time-zone";
import type { EditorAnswer } from "~/lib/editor/answer";
import { publishRequirements, type EditorPost } from "./post-fields";
import type { PostDraft } from "./use-post-draft";

/** The control a post's field is typed in: `coverAlt` is `post-cover-alt` (the editor's ids). */
export const postControlId = (field: string) => `post-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The editor's labels, for the panel's links to a field with a problem. */
const LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  cover: "Thumbnail image",
  coverAlt: "Image description (alt text)",
  excerpt: "Excerpt",
  content: "Content",
  author: "Author",
  category: "Category",
  tags: "Tags",
  seoTitle: "Headline for search engines",
  seoDescription: "Summary for search engines",
  socialImage: "Link preview image",
  bodyImage: "Image to add",
  publishAt: "Publish at",
};

const problemsOf = (errors: Record<string, string>): FieldProblem[] =>
  Object.keys(errors).map((field) => ({ id: postControlId(field), label: LABELS[field] ?? field }));

function stateOf(post: EditorPost, changed: boolean): PublishState {
  if (post.status === "published") return changed ? "changed" : "live";
  return post.status === "scheduled" ? "scheduled" : "draft";
}

/**
 * The post's publishing, in view beside its fields (decision 046): its state, what a reader would still miss, a refused
 * action's errors (focus moves to them), and what can be done now: save or update, publish or unpublish, schedule.
 */
export function PostPublishPanel({
  post,
  draft,
  hasCover,
  answer,
  timeZone,
}: {
  post: EditorPost;
  draft: PostDraft;
  hasCover: boolean;
  /** The answer to the editor's last submit (not an autosave's, which never takes the focus from the field being typed in). */
  answer: EditorAnswer | undefined;
  timeZone: string;
}) {
  const [publishAt, setPublishAt] = useState(post.publishAt ? zonedInputValue(post.publishAt, timeZone) : "");
  const { live, saving, said, fields } = draft;
  const errors = said?.errors ?? {};
  const saved = post.id !== undefined;
  const missing = problemsOf(publishRequirements({ ...fields, cover: hasCover ? "chosen" : null }));
  const state = stateOf(post, draft.changed);
  const summary =
    state === "scheduled" && post.publishAt
      ? `Scheduled for ${formatInZone(post.publishAt, timeZone)}`
      : state === "changed"
        ? "Changed since publishing: Update post puts your changes live"
        : state === "live"
          ? "Live: readers see what is saved"
          : saved
            ? "Draft: only the console sees it"
            : "Draft, not saved yet";
  return (
    <PublishPanel
      state={state}
      summary={summary}
      missing={missing}
      ready="Nothing is missing: it can be published."
      refused={said && !said.ok ? <ErrorSummary message={said.message} problems={problemsOf(errors)} takeFocus={said === answer} /> : null}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {live ? "Update post" : "Save draft"}
        </Button>
        {saved && !live ? (
          <Button type="submit" name="intent" value="publish" variant="outline" disabled={saving}>
            Publish now
          </Button>
        ) : null}
        {live ? (
          <Button type="submit" name="intent" value="unpublish" variant="outline" disabled={saving}>
            Unpublish
          </Button>
        ) : null}
      </div>
      {saved && !live ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Schedule</legend>
          <Field id="post-publish-at" label="Publish at" error={errors.publishAt} hint={timesAre(timeZone)}>
            <Input
              id="post-publish-at"
              type="datetime-local"
              name="publishAtLocal"
              value={publishAt}
              onChange={(event) => setPublishAt(event.currentTarget.value)}
              {...fieldErrorProps("post-publish-at", errors.publishAt)}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="schedule" variant="outline" disabled={saving}>
              {post.status === "scheduled" ? "Reschedule" : "Schedule"}
            </Button>
            {post.status === "scheduled" ? (
              <Button type="submit" name="intent" value="unschedule" variant="outline" disabled={saving}>
                Take off the schedule
              </Button>
            ) : null}
          </div>
        </fieldset>
      ) : null}
    </PublishPanel>
  );
}
