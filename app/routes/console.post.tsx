import { useMemo } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { LocalTime, PostEditor, editorValuesOf, publishRequirements } from "~/features/blog";
import { ConsoleHeading } from "~/components/console/frame";
import { Section } from "~/components/console/section";
import { PostForm } from "~/components/console/post-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { blogPostPath } from "~/content/paths";
import { blogContext, siteOriginContext, databaseContext, operatorContext, redirectTableContext, publishHooksContext } from "~/context";
import {
  loadPostOr404,
  previewAnswer,
  readImages,
  readPostFields,
  readyToPublish,
  saveProblem,
  uploadBodyImage,
  createPreviewLink,
  deletePost,
  featurePost,
  previewLinksOf,
  previewTokenOf,
  PREVIEW_LINK_HOURS,
  publishPost,
  restoreRevision,
  revisionsOf,
  revokePreviewLink,
  savePost,
  schedulePost,
  unpublishPost,
  unschedulePost,
  type PostRow,
} from "~/features/blog/index.server";
import { done, doneMessage, fail, futureTime, redirectDone, type EditorAnswer } from "~/lib/editor/action.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { releasedSentence } from "~/features/redirects";
import { type ReleasedRedirect, applyHere } from "~/features/redirects/index.server";
import type { Route } from "./+types/console.post";

// One post in the editor: its fields, its state and what can be done with it, its revisions and its preview links.
// Every change is made over the version the page was opened with: a save after someone else's changes nothing.

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Edit: ${loaderData.post.title}` : "Post");

const DONE = { saved: "Draft saved." };

/**
 * A draft's autosave and the Preview tab change nothing else on the page: reloading it would remount the editor (its key
 * is the post's version) and drop the autosave's answer, what was typed meanwhile, the chosen cover and the open tab.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return intent === "autosave" || intent === "preview" ? false : defaultShouldRevalidate;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const row = await loadPostOr404(context.get(databaseContext).db, params.id);
  const db = context.get(databaseContext).db;
  const [revisions, links] = await Promise.all([revisionsOf(db, row.id), previewLinksOf(db, row.id)]);
  const now = Date.now();
  const { previewToken } = context.get(blogContext);
  const origin = context.get(siteOriginContext);
  return {
    message: doneMessage(request, DONE),
    timeZone: context.get(operatorContext).timeZone,
    linkHours: PREVIEW_LINK_HOURS,
    post: {
      id: row.id,
      version: row.version,
      status: row.status,
      ...editorValuesOf(row),
      cover: row.cover,
      socialImage: row.socialImage,
      featured: row.featured,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      publishAt: row.publishAt?.toISOString() ?? null,
      publishError: row.publishError,
    },
    revisions: revisions.map((revision) => ({ ...revision, createdAt: revision.createdAt.toISOString() })),
    links: links.map((link) => {
      const active = !link.revokedAt && link.expiresAt.getTime() > now;
      const token = active ? previewTokenOf(link, previewToken) : null;
      return {
        id: link.id,
        createdBy: link.createdBy,
        expiresAt: link.expiresAt.toISOString(),
        active,
        revoked: Boolean(link.revokedAt),
        // An active link's address, on every visit (null for one made before SECRET_KEY changed).
        url: token ? new URL(consolePaths.preview(token), origin).href : null,
      };
    }),
  };
}

const numberOf = (form: FormData, name: string) => {
  const value = Number(form.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/**
 * The sentence for the redirects a post took the place of, once this instance applies their removal (the others follow
 * on the NOTIFY), so the editor who opens the post is not sent away.
 */
async function released(context: Route.ActionArgs["context"], redirects: ReleasedRedirect[] = []) {
  if (redirects.length > 0) await applyHere(context.get(redirectTableContext));
  return releasedSentence(redirects);
}

/** The change went through: the sentence, with the row's new version for the next save. */
const saved = (message: string, row: PostRow, extra: Partial<EditorAnswer> = {}) => done(message, { version: row.version, ...extra });

export async function action({ params, request, context }: Route.ActionArgs) {
  const row = await loadPostOr404(context.get(databaseContext).db, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const db = context.get(databaseContext).db;
  const actor = context.get(operatorContext).email;
  const version = numberOf(form, "version") ?? row.version;

  // The body as readers will see it, for the Preview tab: nothing is stored.
  if (intent === "preview") return previewAnswer(form);
  if (intent === "body-image") return uploadBodyImage(form, context.get(databaseContext).db);
  if (intent === "feature" || intent === "unfeature") {
    if (intent === "feature" && row.status !== "published") return fail("Only a published post can be featured: publish it first.", 409);
    const result = await featurePost(db, actor, row.id, version, intent === "feature");
    if (result.status !== "done") return saveProblem(result);
    return saved(
      intent === "feature" ? "Featured: /blog shows this post first." : "No longer featured: /blog shows the newest post first.",
      result.row,
    );
  }
  // What readers see changes with a published post: the data layer's NOTIFY clears every instance's pages, this one's too.
  if (intent === "delete") {
    await deletePost(db, actor, row.id);
    throw redirectDone(consolePaths.posts, "deleted");
  }
  if (intent === "preview-link") {
    await createPreviewLink(db, actor, row.id, context.get(blogContext).previewToken);
    return saved("Preview link made: its address is under Preview links, for as long as it is valid.", row);
  }
  if (intent === "revoke-link") {
    const linkId = numberOf(form, "link");
    if (linkId) await revokePreviewLink(db, actor, row.id, linkId);
    return saved("Preview link revoked: it now answers 410 Gone.", row);
  }
  if (intent === "restore") {
    const revision = numberOf(form, "revision");
    if (!revision) return fail("Choose a revision to restore.");
    const result = await restoreRevision(db, actor, row.id, version, revision);
    if (result.status !== "saved") return saveProblem(result);
    return saved(`Revision restored.${await released(context, result.released)}`, result.row);
  }
  if (intent === "unschedule") {
    const result = await unschedulePost(db, actor, row.id, version);
    if (result.status !== "done") return saveProblem(result);
    return saved("Taken off the schedule: the post is a draft again and will not go live.", result.row);
  }
  if (intent === "unpublish") {
    const result = await unpublishPost(db, actor, row.id, version);
    if (result.status !== "done") return saveProblem(result);
    return saved("Post unpublished: its page answers 404 and it left the lists, the feed and the sitemap.", result.row);
  }

  // save, autosave, publish, schedule: the fields first (with the cover), then the change of state.
  const { fields, errors, values } = readPostFields(form);
  const { cover, social, errors: imageErrors } = await readImages(form, db);
  Object.assign(errors, imageErrors);
  if (!fields || Object.keys(imageErrors).length > 0)
    return fail("Nothing was saved. Correct the fields marked below.", 422, { errors, values });
  // A live post stays complete: a change that would leave readers without what they see is refused, not published.
  if (row.status === "published") {
    const missing = publishRequirements({ ...fields, cover: cover?.name ?? row.cover });
    if (Object.keys(missing).length > 0)
      return fail("Nothing was saved: the post is live, and a reader would miss what is marked below.", 422, { errors: missing, values });
  }
  const result = await savePost(db, actor, row.id, version, {
    ...fields,
    cover: cover?.name ?? row.cover,
    coverPlaceholder: cover ? cover.placeholder : row.coverPlaceholder,
    // A new upload replaces it; "use the cover" clears it.
    socialImage: social?.name ?? (form.get("socialImageReset") === "yes" ? null : row.socialImage),
  });
  if (result.status !== "saved") return saveProblem(result);
  if (intent === "save" || intent === "autosave") {
    const message =
      result.row.status === "published"
        ? `Post updated: the change is live.${await released(context, result.released)}`
        : intent === "autosave"
          ? "Draft saved automatically."
          : "Draft saved.";
    return saved(message, result.row);
  }

  const missing = readyToPublish(result.row);
  if (Object.keys(missing).length > 0) {
    return fail("Saved as a draft, not published: a reader would miss what is marked below.", 422, {
      errors: missing,
      version: result.row.version,
    });
  }
  if (intent === "publish") {
    const published = await publishPost(db, context.get(publishHooksContext).blog, actor, row.id, result.row.version);
    if (published.status !== "done") return saveProblem(published);
    return saved(`Post published.${await released(context, published.released)}`, published.row);
  }
  if (intent === "schedule") {
    const at = futureTime(form, "publishAtLocal", context.get(operatorContext).timeZone);
    if (!at) {
      return fail("Saved, not scheduled: choose a time in the future.", 422, {
        errors: { publishAt: "Choose a date and time in the future." },
        version: result.row.version,
      });
    }
    const scheduled = await schedulePost(db, actor, row.id, result.row.version, at);
    if (scheduled.status !== "done") return saveProblem(scheduled);
    return saved("Scheduled for", scheduled.row, { at: at.toISOString() });
  }
  return fail("Unknown action.", 400);
}

const STATE_LABEL = { draft: "Draft", scheduled: "Scheduled", published: "Published", unpublished: "Unpublished" } as const;

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, revisions, links, message, linkHours, timeZone } = loaderData;
  // The same answer from one render to the next, so the editor takes a new one only when the server gave it.
  const answer = useMemo(() => actionData ?? (message ? { ok: true, message } : undefined), [actionData, message]);
  return (
    <>
      <ConsoleHeading
        title={post.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge variant={post.status === "published" ? "default" : "outline"}>{STATE_LABEL[post.status]}</Badge>
            {/* When it is scheduled for, and what is still missing, the publishing panel says (decision 046). */}
            {post.status === "published" ? <a href={blogPostPath(post.slug)}>View the post</a> : null}
          </span>
        }
      />
      {post.publishError ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm font-medium text-destructive">
          The scheduled publication failed and will be retried: {post.publishError}
        </p>
      ) : null}
      <PostEditor key={`${post.id}-${post.version}`} post={post} answer={answer} timeZone={timeZone} />

      {post.status === "published" ? (
        <Section title="Featured on /blog" id="featured">
          <p className="text-sm text-muted-foreground">
            {post.featured
              ? "This post is the one /blog shows first, in its large card, whatever its date."
              : "/blog shows one post first, in its large card: the one chosen here, or the newest when none is. Choosing this one takes the place from any other."}
          </p>
          <PostForm>
            <input type="hidden" name="version" value={post.version} />
            {post.featured ? (
              <Button type="submit" name="intent" value="unfeature" variant="outline">
                Stop featuring (show the newest post first)
              </Button>
            ) : (
              <Button type="submit" name="intent" value="feature" variant="outline">
                Feature this post on /blog
              </Button>
            )}
          </PostForm>
        </Section>
      ) : null}

      <Section title="Preview links" id="preview-links">
        <p className="text-sm text-muted-foreground">
          A private link to this post as readers will see it, for a reviewer without an account. Valid {linkHours} hours; not indexed;
          revoke it at any time.
        </p>
        {links.length > 0 ? (
          <ul className="flex flex-col gap-2 text-sm">
            {links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-2">
                {link.active ? <Badge>Active</Badge> : <Badge variant="outline">{link.revoked ? "Revoked" : "Expired"}</Badge>}
                <span>
                  by {link.createdBy}, until <LocalTime iso={link.expiresAt} />
                </span>
                {link.url ? (
                  <Input
                    readOnly
                    value={link.url}
                    aria-label={`Address of the preview link by ${link.createdBy}`}
                    className="order-last w-full font-mono text-xs"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                ) : null}
                {link.active ? (
                  <PostForm>
                    <input type="hidden" name="link" value={link.id} />
                    <Button type="submit" name="intent" value="revoke-link" size="sm" variant="outline">
                      Revoke
                    </Button>
                  </PostForm>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <PostForm>
          <Button type="submit" name="intent" value="preview-link" variant="outline">
            Make a preview link
          </Button>
        </PostForm>
      </Section>

      <Section title="Revisions" id="revisions">
        {revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saved versions yet: each save keeps one (the last 20).</p>
        ) : null}
        <ol className="flex flex-col gap-2 text-sm">
          {revisions.map((revision, index) => (
            <li key={revision.id} className="flex flex-wrap items-center gap-2">
              <span>
                Version {revision.version}, <LocalTime iso={revision.createdAt} /> by {revision.actor}: “{revision.title}”
              </span>
              {index === 0 ? (
                <Badge variant="outline">Current</Badge>
              ) : (
                <PostForm>
                  <input type="hidden" name="revision" value={revision.id} />
                  <input type="hidden" name="version" value={post.version} />
                  <Button type="submit" name="intent" value="restore" size="sm" variant="outline">
                    Restore
                  </Button>
                </PostForm>
              )}
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Delete" id="delete">
        <PostForm
          onSubmit={(event) => {
            if (!window.confirm(`Delete “${post.title}” for good? Its revisions and preview links go with it.`)) event.preventDefault();
          }}
        >
          <Button type="submit" name="intent" value="delete" variant="destructive">
            Delete post
          </Button>
        </PostForm>
      </Section>
    </>
  );
}
