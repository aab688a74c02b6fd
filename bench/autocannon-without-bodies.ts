import { createRequire } from "node:module";

// autocannon keeps every response body as a string (`body += chunk`), for `expectBody` and `verifyBody`, which no bench
// here uses. Decoding a gzip body as UTF-8 is most of the load generator's work a request, and it doubles when the
// bodies alternate (an experiment page's two variants): 9,800 against 21,000 req/s from one trivial server, as
// measured on 2026-11-29. On a 2-core machine the load generator's cost is taken from the server it measures, so
// bench:serve would score the client, not the server. Imported first, this keeps autocannon counting the bytes and
// leaves the body out. It fails loudly if a new autocannon no longer has the method.

const require = createRequire(import.meta.url);
const queue = require("autocannon/lib/pipelinedRequestsQueue.js") as { prototype: { addBody?: (data: Buffer) => void } };
if (typeof queue.prototype.addBody !== "function")
  throw new Error("autocannon's PipelinedRequestsQueue has no addBody any more: see bench/autocannon-without-bodies.ts");
queue.prototype.addBody = () => {};
