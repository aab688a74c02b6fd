import { data } from "react-router";
import { PostEditor, type EditorAnswer } from "~/components/blog/blog-admin-editor";
import { InboxHeading } from "~/components/inbox/inbox-frame";
import { createDraft } from "~/lib/blog/editor.server";
import { postHtml } from "~/lib/blog/snapshot.server";
import { inboxMeta } from "~/lib/inbox/meta";
import type { Route } from "./+types/blog-admin.new";

export const meta: Route.MetaFunction = () => inboxMeta("New post");

/** The first save makes the draft; the editor then continues at the post's own address. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The Preview tab's request: the body as readers will see it, nothing stored (as on a saved post's page).
  if (form.get("intent") === "preview")
    return data<EditorAnswer>({ ok: true, message: "", html: postHtml(String(form.get("content") ?? "")) });
  return createDraft(form, context);
}

const EMPTY = { title: "", slug: "", excerpt: "", content: "", author: "", category: "", tags: "", cover: null, coverAlt: "" };

export default function NewPost({ actionData }: Route.ComponentProps) {
  return (
    <>
      <InboxHeading title="New post" description="Save it as a draft first; then preview, schedule or publish it." />
      <PostEditor post={EMPTY} answer={actionData} />
    </>
  );
}
