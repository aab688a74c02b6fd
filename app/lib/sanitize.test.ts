import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize";

// Known XSS payloads (OWASP filter-evasion cheat sheet, PortSwigger's XSS cheat sheet, mXSS cases).
const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/xss.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src=x onerror="alert(1)" />',
  "<IMG SRC=\"javascript:alert('XSS');\">",
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<body onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  "<input onfocus=alert(1) autofocus>",
  "<details open ontoggle=alert(1)>",
  '<video><source onerror="alert(1)"></video>',
  "<audio src=x onerror=alert(1)>",
  "<marquee onstart=alert(1)>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p title="x" onpointerenter=alert(1)>x</p>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<textarea><script>alert(1)</script></textarea>",
  "<template><script>alert(1)</script></template>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '"><script>alert(1)</script>',
  '<img src="x" alt="" onerror="alert(1)" onload="alert(2)">',
  '<a href="https://ok.example" target="_self" onclick="alert(1)">ok</a>',
];

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
