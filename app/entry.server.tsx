import { PassThrough, Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { contentSecurityPolicy } from "~/lib/csp.server";
import { deferHydration } from "~/lib/deferred-hydration.server";

export const streamTimeout = 5_000;

/**
 * A request the site refuses on purpose (a POST to a page without a form, an unknown path) is one line of the access
 * log already, not a stack trace; a request the visitor abandoned is not an error at all.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

/**
 * Renders the whole document before sending it (the pages are small), so the Content-Security-Policy can list
 * the hash of every inline script it contains, exactly as the static server does for prerendered pages, and so
 * the hydration scripts can wait for the first paint.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      const html = deferHydration(Buffer.concat(chunks).toString("utf8"));
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(html));
      const body = createReadableStreamFromReadable(Readable.from([html]));
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    });

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // The document is sent whole, so React need not split a finished Suspense boundary out of place (it would
      // then need a script to put it back, and a visitor without JavaScript would never see that content).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
    sink.on("end", () => clearTimeout(timeout));
  });
}
