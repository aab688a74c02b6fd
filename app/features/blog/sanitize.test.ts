import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize";

import { XSS_PAYLOADS as PAYLOADS } from "../../../tests/support/xss-payloads";

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc", "background", "poster", "cite"]);
const FORBIDDEN_TAGS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "form",
  "input",
  "button",
  "style",
  "link",
  "meta",
  "base",
  "svg",
  "math",
  "body",
  "textarea",
  "template",
  "noscript",
  "video",
  "audio",
  "source",
  "details",
  "marquee",
]);

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** Every element of the sanitised output, walked with a real HTML parser (not a regular expression). */
function elements(html: string): Node[] {
  const out: Node[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.name) out.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as unknown as Node[]);
  return out;
}

describe("sanitizePostHtml", () => {
  it.each(PAYLOADS)("neutralises %s", (payload) => {
    const output = sanitizePostHtml(`<p>before</p>${payload}<p>after</p>`);
    for (const element of elements(output)) {
      expect(FORBIDDEN_TAGS.has(element.name ?? ""), `<${element.name}> survived`).toBe(false);
      for (const [name, value] of Object.entries(element.attribs ?? {})) {
        expect(name.toLowerCase().startsWith("on"), `${name} survived`).toBe(false);
        expect(name).not.toBe("style");
        if (URL_ATTRIBUTES.has(name.toLowerCase())) {
          // What a browser would see after stripping control characters and whitespace.
          const url = [...value]
            .filter((char) => char.charCodeAt(0) > 32)
            .join("")
            .toLowerCase();
          expect(url, `${name}="${value}"`).not.toMatch(/^(javascript|vbscript|data):/);
          expect(url, `${name}="${value}"`).not.toMatch(/^\/\//);
        }
      }
    }
    expect(output).not.toMatch(/<script/i);
    // Text before the payload survives (an unclosed <svg> or <math> may swallow what follows, which is safe).
    expect(output).toContain("<p>before</p>");
  });

  it("keeps the markup a post needs", () => {
    const html =
      '<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>em</em>, <code>code</code> and <a href="/pricing">a link</a>.</p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table><hr>';
    expect(sanitizePostHtml(html)).toBe(html.replace("<hr>", "<hr />"));
  });

  it("demotes h1 (the page has one) and opens external links safely", () => {
    expect(sanitizePostHtml("<h1>T</h1>")).toBe("<h2>T</h2>");
    expect(sanitizePostHtml('<a href="https://example.com" target="_self">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePostHtml('<img src="https://example.com/a.png" alt="A">')).toBe(
      '<img src="https://example.com/a.png" alt="A" loading="lazy" />',
    );
  });
});
