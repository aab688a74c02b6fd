// The built server's pages read as a document, for what needs no browser: copy, links, head tags, access answers.
// linkedom parses the HTML as a browser would build its tree, with querySelector and textContent; what a page's
// script changes after load, or what only layout shows, stays with the browser tests (docs/decisions/017).
import { DOMParser } from "linkedom";
import { SaxesParser } from "saxes";

/** Text as a reader sees it in one line: runs of whitespace as one space. */
export const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

export function parseHtml(html: string): Document {
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as Document;
  // A browser's parser lowercases attribute names (React writes `dateTime`, `tabIndex`); linkedom keeps them as written.
  for (const element of doc.querySelectorAll("*"))
    for (const { name, value } of [...element.attributes])
      if (name !== name.toLowerCase()) {
        element.removeAttribute(name);
        element.setAttribute(name.toLowerCase(), value);
      }
  return doc;
}

/** Parses an XML document (a sitemap, a feed), failing on anything that is not well-formed, as a crawler's parser does. */
export function parseXml(xml: string): Document {
  const strict = new SaxesParser({ xmlns: true });
  strict.on("error", (error) => {
    throw new Error(`not well-formed XML: ${error.message}`);
  });
  strict.write(xml).close();
  return new DOMParser().parseFromString(xml, "text/xml") as unknown as Document;
}

export interface FetchedPage {
  response: Response;
  html: string;
  doc: Document;
}

/** A page of the server, as a crawler or a browser without JavaScript gets it. */
export async function getPage(origin: string, path: string, init?: RequestInit): Promise<FetchedPage> {
  const response = await fetch(`${origin}${path}`, init);
  const html = await response.text();
  return { response, html, doc: parseHtml(html) };
}

/** An element's accessible name as the markup gives it: aria-label, the text of what aria-labelledby names, or its text. */
export function nameOf(element: Element): string {
  const label = element.getAttribute("aria-label");
  if (label) return squash(label);
  const ids = element.getAttribute("aria-labelledby");
  if (ids)
    return squash(
      ids
        .split(/\s+/)
        .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
  if (element.tagName === "IMG") return squash(element.getAttribute("alt"));
  return squash(element.textContent);
}

const matches = (value: string, name: string | RegExp) => (typeof name === "string" ? value === name : name.test(value));

/** The elements under `scope` that match `selector` and whose accessible name is `name`. */
export function named(scope: ParentNode, selector: string, name: string | RegExp): Element[] {
  return [...scope.querySelectorAll(selector)].filter((element) => matches(nameOf(element), name));
}

/** The one element matching `selector` named `name`; fails with the names it found instead. */
export function one(scope: ParentNode, selector: string, name?: string | RegExp): Element {
  const all = [...scope.querySelectorAll(selector)];
  const found = name === undefined ? all : all.filter((element) => matches(nameOf(element), name));
  if (found.length !== 1)
    throw new Error(
      `expected one ${selector}${name === undefined ? "" : ` named ${String(name)}`}, found ${found.length} among: ${all
        .map(nameOf)
        .join(" | ")
        .slice(0, 600)}`,
    );
  return found[0]!;
}

/** A landmark or grouping by its name: a section (region), a group, a list, a navigation, an aside. */
export const region = (scope: ParentNode, name: string | RegExp) =>
  one(scope, "section, [role=region], [role=group], fieldset, ul, ol, nav, aside, [role=complementary], form", name);

/** The squashed text of each element matching `selector`, in document order. */
export const texts = (scope: ParentNode, selector: string) =>
  [...scope.querySelectorAll(selector)].map((element) => squash(element.textContent));

/** The text of an element (or of the first match of a selector under a scope). */
export const textOf = (element: Element | null | undefined) => squash(element?.textContent);

/** A link opens another site or the app in a new tab, without giving it this window. */
export function opensInNewTab(link: Element) {
  return link.getAttribute("target") === "_blank" && /noopener/.test(link.getAttribute("rel") ?? "");
}
