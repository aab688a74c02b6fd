import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { insertSnippet } from "./body-image";
import { slugFromTitle, type EditorPost, type EditorValues } from "./post-fields";
import type { EditorAnswer } from "~/lib/editor/answer";

export const AUTOSAVE_AFTER_MS = 3000;

// A post's fields as the editor types them, the version each save is made over, and what the server said last: the
// slug follows the title until it is edited, and a draft saves itself a few seconds after a change.
export function usePostDraft(post: EditorPost, answer: EditorAnswer | undefined) {
  const [fields, setFields] = useState<EditorValues>(() => ({ ...post, ...answer?.values }));
  // Once published, the slug is the post's public address: a new title leaves it where it is.
  const [slugEdited, setSlugEdited] = useState(Boolean(post.publishedAt) || (post.slug !== "" && post.slug !== slugFromTitle(post.title)));
  const [version, setVersion] = useState(post.version);
  const [dirty, setDirty] = useState(false);
  // What the server said last, to a save or to an autosave: the status line and the marked fields show it.
  const [said, setSaid] = useState(answer);
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useFetcher<EditorAnswer>();
  const busy = useNavigation().state !== "idle";
  // A save is not started while another is under way: each is made over the version the one before answered.
  const saving = busy || autosave.state !== "idle";
  const live = post.status === "published";

  // A new answer from the server (a save) carries the row's version: the next save is made over it.
  useEffect(() => {
    if (answer?.version !== undefined) setVersion(answer.version);
    setSaid(answer);
    setDirty(false);
  }, [answer]);
  useEffect(() => {
    if (!autosave.data) return;
    if (autosave.data.version !== undefined) setVersion(autosave.data.version);
    setSaid(autosave.data);
  }, [autosave.data]);

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

  return {
    fields,
    version,
    said,
    saving,
    live,
    /** Typed since the last answer: on a live post, what Update post would put live. */
    changed: dirty,
    formRef,
    /** Something the fields do not hold changed (a file chosen, a box ticked): the draft saves itself. */
    touch: () => setDirty(true),
    update<K extends keyof EditorValues>(key: K, value: EditorValues[K]) {
      setFields((current) => ({ ...current, [key]: value }));
      setDirty(true);
    },
    setTitle(title: string) {
      setFields((current) => ({ ...current, title, slug: slugEdited ? current.slug : slugFromTitle(title) }));
      setDirty(true);
    },
    setSlug(slug: string) {
      setSlugEdited(slug !== "");
      setFields((current) => ({ ...current, slug: slug === "" ? slugFromTitle(current.title) : slug }));
      setDirty(true);
    },
    /** An uploaded body image's tag, where the caret was in the content (at its end when unknown). */
    insertIntoContent(snippet: string, at: number | undefined) {
      setFields((current) => ({ ...current, content: insertSnippet(current.content, snippet, at) }));
      setDirty(true);
    },
  };
}

export type PostDraft = ReturnType<typeof usePostDraft>;
