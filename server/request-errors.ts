import type { ErrorRequestHandler, RequestHandler } from "express";
import { loggableError } from "../app/lib/db/loggable-error";
import { provenanceOfExpress } from "../app/lib/same-origin.server";

// What the log says about a request that goes wrong: the access log's one line for a refusal the server expects (a
// malformed address, a forbidden path, a body that does not parse), and one stack trace, once, for a real error.
// Nothing from the request itself: not its path, query or body, which a visitor typed.

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A path whose percent-encoding does not decode (`/%ZZ`) gets 400 here, before the router and the static files try to
 * decode it and throw (Express would print the URIError's stack for each).
 */
export function malformedPathGuard(): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).set(NO_STORE).type("text/plain").send("This address is malformed.\n");
      return;
    }
    next();
  };
}

/**
 * A POST whose body says it is compressed (`Content-Encoding: gzip`, `br`, `deflate`) gets 415 and a sentence, on every
 * POST path (the forms, the console, the webhook receivers): no page's form compresses what it sends, the forms would
 * parse the compressed bytes as a broken form, and their database would refuse them as if it were away (503).
 */
export function encodedBodyGuard(): RequestHandler {
  return (req, res, next) => {
    const encoding = (req.get("content-encoding") ?? "").trim().toLowerCase();
    if (req.method !== "POST" || encoding === "" || encoding === "identity") return next();
    res
      .status(415)
      .set({ ...NO_STORE, "Accept-Encoding": "identity", Connection: "close" })
      .type("text/plain")
      .send("This address reads a body as it was written, without Content-Encoding; a compressed body is not read.\n");
  };
}

/**
 * A post another site makes a browser send to an address no guard of ours covers (a page, the 404 page): 403 here.
 * React Router refuses it too, but with a 400 and a stack trace in the log, which anyone could then fill.
 */
export function foreignPostGuard(siteOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || provenanceOfExpress(req, siteOrigin) !== "foreign") return next();
    res.status(403).set(NO_STORE).type("text/plain").send("Posts from other sites are refused.\n");
  };
}

const statusOf = (error: unknown): number => {
  const status =
    typeof error === "object" && error
      ? ((error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode)
      : undefined;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
};

/** The last handler: an error Express or a middleware raised with a 4xx is answered, not logged; anything else once, with its stack. */
export function requestErrors(log: Pick<Console, "error"> = console): ErrorRequestHandler {
  return (thrown: unknown, _req, res, _next) => {
    const status = statusOf(thrown);
    const error = loggableError(thrown);
    if (status >= 500)
      log.error(error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `non-error thrown: ${typeof error}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = status >= 500 ? "Something went wrong on our side. Please try again." : "This request cannot be answered.";
    res.status(status).set(NO_STORE).type("text/plain").send(`${message}\n`);
  };
}
