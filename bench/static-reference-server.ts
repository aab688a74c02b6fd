import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { filesUnder } from "../server/precompress";

// The yardstick of `npm run bench:serve`: a plain Node static server over the same build, with nothing between the
// socket and the bytes. Every file is read into memory at start; a compressible one is gzipped (level 9, as the build
// does) on its first request and kept. No headers beyond what HTTP needs, no log. A query string is ignored, so
// `/blog?q=…` is the prerendered /blog: a page of the same size, the best a filtered list could ever be served.
//   node --import tsx bench/static-reference-server.ts <clientDir>   (PORT, HOST from the environment)

const clientDir = path.resolve(process.argv[2] ?? "build/client");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

interface File {
  type: string;
  compressible: boolean;
  body: Buffer;
  gzip?: Buffer;
}

const files = new Map<string, File>();
for (const file of filesUnder(clientDir)) {
  if (/\.(br|gz)$/.test(file)) continue;
  const relative = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
  const urlPath = relative.endsWith("/index.html") ? relative.slice(0, -"/index.html".length) || "/" : relative;
  const type = TYPES[path.extname(file)];
  files.set(urlPath, { type: type ?? "application/octet-stream", compressible: type !== undefined, body: readFileSync(file) });
}

// A page the site answers differently by visitor (a page in an experiment, docs/decisions/048): each visitor of the
// load gets the rendering the site gives them, as a static host with an edge split by visitor would hold it. Without
// it the reference would send one body to every request; the load generator decodes each body, and alternating bodies
// cost it twice as much as one (docs/decisions/049), so it would pay less for the reference's answers than for the
// site's. STATIC_BY_VISITOR: a JSON file of { "<page>": { "<x-forwarded-for> <user-agent>": "<file's URL path>" } }.
const byVisitor: Record<string, Record<string, string>> = process.env.STATIC_BY_VISITOR
  ? JSON.parse(readFileSync(process.env.STATIC_BY_VISITOR, "utf8"))
  : {};

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const page = query === -1 ? url : url.slice(0, query);
  const split = byVisitor[page]?.[`${req.headers["x-forwarded-for"] ?? ""} ${req.headers["user-agent"] ?? ""}`];
  const file = files.get(split ?? page);
  if (!file) {
    res.writeHead(404).end();
    return;
  }
  if (file.compressible && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    file.gzip ??= gzipSync(file.body, { level: 9 });
    res.writeHead(200, {
      "Content-Type": file.type,
      "Content-Encoding": "gzip",
      Vary: "Accept-Encoding",
      "Content-Length": file.gzip.length,
    });
    res.end(file.gzip);
    return;
  }
  res.writeHead(200, { "Content-Type": file.type, Vary: "Accept-Encoding", "Content-Length": file.body.length });
  res.end(file.body);
});
server.listen(Number(process.env.PORT ?? 3001), process.env.HOST ?? "127.0.0.1");
