// What an editor's action answers (a blog post, a newsletter issue): a sentence, what was wrong field by field, and
// what was typed when it was refused. One shape, read by the pages on the server and in the browser alike.

export type FieldErrors = Record<string, string>;

export interface EditorAnswer {
  ok: boolean;
  message: string;
  errors?: FieldErrors | undefined;
  /** The row's version after the change, for the next save (autosave keeps the page's copy current). */
  version?: number | undefined;
  /** The tag of an image just uploaded for a post's body, to put in its Markdown. */
  snippet?: string | undefined;
  /** A post's body as readers will see it (the Preview tab). */
  html?: string | undefined;
  /** The instant the message ends with (a schedule), shown in the editor's own time zone. */
  at?: string | undefined;
  /** What was typed, when it was refused: the page shows it again (without JavaScript too), so nothing is lost. */
  values?: Record<string, string> | undefined;
}
