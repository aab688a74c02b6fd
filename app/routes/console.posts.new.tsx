import { PostEditor, EMPTY_EDITOR_VALUES } from "~/features/blog";
import { databaseContext, operatorContext } from "~/context";
import { ConsoleHeading } from "~/components/console/frame";
import { createDraft, previewAnswer, uploadBodyImage } from "~/features/blog/index.server";
import { consoleMeta } from "~/lib/console/meta";
import type { Route } from "./+types/console.posts.new";

export const meta: Route.MetaFunction = () => consoleMeta("New post");

/** The first save makes the draft; the editor then continues at the post's own address. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The Preview tab's request: the body as readers will see it, nothing stored (as on a saved post's page).
  if (form.get("intent") === "preview") return previewAnswer(form);
  if (form.get("intent") === "body-image") return uploadBodyImage(form, context.get(databaseContext).db);
  return createDraft(form, context.get(databaseContext).db, context.get(operatorContext).email);
}

export const loader = ({ context }: Route.LoaderArgs) => ({ timeZone: context.get(operatorContext).timeZone });

const EMPTY = { ...EMPTY_EDITOR_VALUES, cover: null, socialImage: null };

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ConsoleHeading title="New post" description="Save it as a draft first; then preview, schedule or publish it." />
      <PostEditor post={EMPTY} answer={actionData} timeZone={loaderData.timeZone} />
    </>
  );
}
