import { expect } from "vitest";
import type { ConfirmationLinks } from "~/lib/double-opt-in.server";
import { parseHtml, textOf } from "./page-document";

// The pages behind the links in e-mails (app/lib/link-page.server.ts) as a mail reader's browser gets them without
// JavaScript: opened, and clicked (the page's one-button form posts to its own address).

export interface LinkPageView {
  status: number;
  /** Where a click that changed something sends the browser: the same page by GET, with `done=1`. */
  location: string | null;
  heading: string;
  message: string;
  /** The button that makes the change, when the page asks for the click. */
  button: string | null;
}

/** A link's path and query, as the site's own pages are fetched. */
export const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

export async function linkPageAt(origin: string, path: string, method: "GET" | "POST" = "GET"): Promise<LinkPageView> {
  const response = await fetch(`${origin}${path}`, {
    method,
    redirect: "manual",
    headers: method === "POST" ? { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" } : {},
  });
  const heading = parseHtml(await response.text()).querySelector("h1");
  const button = heading?.parentElement?.querySelector("form button");
  return {
    status: response.status,
    location: response.headers.get("location"),
    heading: textOf(heading),
    message: textOf(heading?.nextElementSibling),
    button: button ? textOf(button) : null,
  };
}

/** A page that answers without sending the browser on. */
export const pageSaying = (status: number, heading: string, message: string, button: string | null = null): LinkPageView => ({
  status,
  location: null,
  heading,
  message,
  button,
});

/** Each page says what it should, opened and clicked alike. */
export async function expectSameOpenedAndClicked(origin: string, cases: [path: string, page: LinkPageView][]) {
  for (const [path, expected] of cases)
    for (const method of ["GET", "POST"] as const) expect(await linkPageAt(origin, path, method), `${method} ${path}`).toEqual(expected);
}

type Words = [heading: string, message: string];

/**
 * What a confirmation page answers, opened and clicked alike, to the links it refuses, beside the one made for `row`:
 * one made 8 days ago (expired, 410), one made for another address (a row that took the id: gone, 410), one changed,
 * a token that is none and none at all (not valid, 400).
 */
export async function expectRefusedConfirmations(
  origin: string,
  links: ConfirmationLinks,
  row: { id: number; email: string },
  words: { expired: Words; gone: Words; invalid: Words },
) {
  const link = pathOf(links.confirmUrl(row));
  const page = new URL(link, origin).pathname;
  const [expired, gone, invalid] = [pageSaying(410, ...words.expired), pageSaying(410, ...words.gone), pageSaying(400, ...words.invalid)];
  await expectSameOpenedAndClicked(origin, [
    [pathOf(links.confirmUrl(row, Date.now() - 8 * 86_400_000)), expired],
    [pathOf(links.confirmUrl({ id: row.id, email: "someone.else@example.com" })), gone],
    [link.replace(/\.(.)/, (_, first: string) => `.${first === "A" ? "B" : "A"}`), invalid],
    [`${page}?token=not-a-token`, invalid],
    [page, invalid],
  ]);
}
