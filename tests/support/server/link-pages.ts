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
