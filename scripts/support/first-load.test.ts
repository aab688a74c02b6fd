import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { firstLoadMeter, firstLoadScripts, inlineScripts } from "./first-load";

const modules: Record<string, string> = {
  "/assets/entry.js": `import{a}from"./react.js";import"./polyfill.js";a();`,
  "/assets/react.js": `export const a=()=>1;`,
  "/assets/polyfill.js": `globalThis.x=1;`,
  "/assets/route.js": `import{a}from"./react.js";import{b}from"/assets/shared.js";export default()=>import("./lazy.js");`,
  "/assets/shared.js": `export const b=2;`,
  "/assets/lazy.js": `import{c}from"./never.js";`,
  "/assets/preloaded.js": `export const p=1;`,
};
const read = (url: string) => {
  const code = modules[url];
  if (code === undefined) throw new Error(`unexpected read of ${url}`);
  return code;
};

describe("first-load scripts", () => {
  it("follows the bootstrap's imports, its import() included, and then only static imports", () => {
    const html = `<head><link rel="modulepreload" href="/assets/preloaded.js"/></head><body>
      <script>var theme=1</script>
      <script type="module" async="">import * as r from "/assets/route.js"; import("/assets/entry.js");</script></body>`;
    expect(firstLoadScripts(html, read).sort()).toEqual(
      [
        "/assets/entry.js",
        "/assets/polyfill.js",
        "/assets/preloaded.js",
        "/assets/react.js",
        "/assets/route.js",
        "/assets/shared.js",
      ].sort(),
    );
  });

  it("reads the bootstrap and the preloads that the hydration rewrite holds back", () => {
    const html = `<script type="text/x-deferred-module" data-preload="/assets/preloaded.js /assets/shared.js">import("/assets/entry.js");</script>`;
    expect(firstLoadScripts(html, read).sort()).toEqual(
      ["/assets/entry.js", "/assets/polyfill.js", "/assets/preloaded.js", "/assets/react.js", "/assets/shared.js"].sort(),
    );
  });

  it("counts a page without module scripts as nothing", () => {
    expect(firstLoadScripts(`<html><body><script>document.title="x"</script></body></html>`, read)).toEqual([]);
  });

  it("adds up each script compressed on its own, and counts each once", () => {
    const measure = firstLoadMeter((url) => Buffer.from(read(url)));
    const html = `<script type="module" src="/assets/shared.js"></script><link rel="modulepreload" href="/assets/shared.js">`;
    expect(measure(html)).toEqual({
      scripts: ["/assets/shared.js"],
      gzipBytes: gzipSync(modules["/assets/shared.js"]!, { level: 9 }).length,
    });
  });
});

describe("inline scripts", () => {
  it("counts the code a page carries in its HTML, not its data or its script files", () => {
    const code = ["var theme=1", "(function startFrame(){})()"];
    const html = `<head><link rel="stylesheet" href="/a.css"/><script>${code[0]}</script><script type="application/ld+json">{"@type":"Article"}</script></head>
      <body><script src="/assets/x.js"></script><script>${code[1]}</script></body>`;
    expect(inlineScripts(html)).toEqual({
      count: 2,
      bytes: Buffer.byteLength(code.join("\n")),
      gzipBytes: gzipSync(code.join("\n"), { level: 9 }).length,
    });
    expect(inlineScripts("<p>no script</p>")).toEqual({ count: 0, bytes: 0, gzipBytes: 0 });
  });
});
