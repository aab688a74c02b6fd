import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { localInputValue } from "./local-time";
import type { EditorPost } from "./post-fields";
import type { PostDraft } from "./use-post-draft";

/** What the editor can do with the post now: save or update, publish or unpublish, and schedule a draft. */
export function PostPublishPanel({ post, draft, hydrated }: { post: EditorPost; draft: PostDraft; hydrated: boolean }) {
  const [publishAt, setPublishAt] = useState(post.publishAt ? localInputValue(post.publishAt) : "");
  const { live, saving } = draft;
  const errors = draft.said?.errors ?? {};
  const saved = post.id !== undefined;
  return (
    <div className="flex flex-col gap-4 border-t pt-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="save" size="lg" disabled={saving}>
          {live ? "Update post" : "Save draft"}
        </Button>
        {saved && !live ? (
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
      {saved && !live ? (
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
  );
}
