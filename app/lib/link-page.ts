/** What a page behind a link in an email says in each of its states (app/lib/link-page.server.ts renders it). */
export interface LinkPageCopy {
  title: string;
  message: string;
  /** The button that makes the change, when the page asks for one. */
  button?: string;
}
