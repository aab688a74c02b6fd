import type { RequestHandler } from "express";
import { redirect } from "react-router";
import type { DatabaseService } from "~/lib/db/client.server";
import { isConsolePath, signInPath } from "~/lib/console/paths";
import { provenanceOfExpress, provenanceOfRequest } from "~/lib/same-origin.server";
import { CSRF_FIELD } from "./csrf";
import type { OperatorAuth } from "./auth.server";
import { homeOf, mayReach, type Area, type Role } from "./roles";
import type { SignedInOperator } from "./session.server";

// The one check in front of every operator page and action (the console layout's middleware, app/routes/console-layout.tsx):
// a signed-in, unexpired session first; then, for anything but GET and HEAD, a request from the site itself (Origin or
// Sec-Fetch-Site, app/lib/same-origin.server.ts) carrying the session's anti-forgery token. What fails is sent to sign
// in (no session) or refused with 403 (forged), before any loader or action reads a row. The router's middleware
// (app/middleware.server.ts) reads the services from the context and hands them here.

const NO_STORE = { "Cache-Control": "no-store" };

const reads = (method: string) => method === "GET" || method === "HEAD";

/** A state-changing request from one of the site's own pages (app/lib/same-origin.server.ts); an unknown one is refused. */
export function fromOwnPage(request: Request, siteOrigin: string): boolean {
  return provenanceOfRequest(request, siteOrigin) === "own";
}

/**
 * The same check in front of React Router (server/app.ts), so a forged post to the console gets the console's 403 and a
 * line in the access log, rather than React Router's own refusal (400 and a stack trace).
 */
export function consolePostGuard(siteOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || !isConsolePath(req.path)) return next();
    if (provenanceOfExpress(req, siteOrigin) !== "own") {
      res.status(403).set(NO_STORE).type("text/plain").send("This request did not come from the console itself.\n");
      return;
    }
    // The editor's form carries a cover of up to 10 MB (app/features/blog/cover-upload.server.ts) and the post: a larger body
    // is refused before it is read, and so is one that does not say its length (a browser's form always does).
    const length = Number(req.headers["content-length"] ?? Number.NaN);
    if (!(length <= OPERATOR_BODY_MAX_BYTES)) {
      const known = Number.isFinite(length);
      res
        .status(known ? 413 : 411)
        .set({ ...NO_STORE, Connection: "close" })
        .type("text/plain")
        .send(known ? "The upload is larger than 12 MB. Choose an image under 10 MB and try again.\n" : "A post must say its length.\n");
      return;
    }
    next();
  };
}

/** The largest body an operator's post may carry: the editor's cover and fields. */
export const OPERATOR_BODY_MAX_BYTES = 12 * 1024 * 1024;

/** The database is away (or still migrating): a clear 503, never a stack trace. */
export async function databaseReady(database: Pick<DatabaseService, "ready">) {
  try {
    await database.ready();
  } catch {
    throw new Response("The console cannot reach its database. Try again in a moment.\n", {
      status: 503,
      headers: { ...NO_STORE, "Retry-After": "30", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

export function forbidden(message = "This request did not come from the console itself."): never {
  throw new Response(`${message}\n`, { status: 403, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
}

/** Where a request without a session goes: back to the page it asked for after signing in, when it was a page. */
function toSignIn(request: Request, reason?: "expired"): never {
  const url = new URL(request.url);
  const next = reads(request.method) && !url.pathname.endsWith(".data") ? `${url.pathname}${url.search}` : undefined;
  throw redirect(signInPath({ next, reason }), { status: reads(request.method) ? 302 : 303, headers: NO_STORE });
}

/** What the console's check needs of the request's services. */
export interface OperatorCheckServices {
  /** The console's sessions; null where no server set them (the size check): nobody is signed in. */
  auth: OperatorAuth | null;
  database: Pick<DatabaseService, "ready">;
  siteOrigin: string;
  /** The team's own visits are not counted (docs/decisions/021): told of each operator's browser. */
  excludeOperator?: (userAgent: string | undefined) => Promise<unknown>;
}

/** The signed-in operator of a request, or the sign-in redirect, a 503 or a 403 thrown. */
export async function checkOperator(
  request: Request,
  { auth, database, siteOrigin, excludeOperator }: OperatorCheckServices,
): Promise<SignedInOperator> {
  if (!auth) toSignIn(request);
  await databaseReady(database);
  const session = await auth.sessions.read(request);
  if (session.status !== "signed-in") toSignIn(request, session.status === "expired" ? "expired" : undefined);

  if (!reads(request.method)) {
    if (!fromOwnPage(request, siteOrigin)) forbidden();
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (!auth.sessions.verifyCsrf(session.operator, form?.get(CSRF_FIELD)))
      forbidden("This form has expired. Go back, reload the page and try again.");
  }
  // The team's own visits to the site are not counted (docs/decisions/021): today's visitor id of this browser is staff.
  void excludeOperator?.(request.headers.get("User-Agent") ?? undefined).catch(() => {});
  return session.operator;
}

/**
 * A route's own check, after the layout's: the signed-in account's role reaches this area (app/lib/console/roles.ts), or
 * the request is refused with 403 before the route reads a row.
 */
export function checkArea(request: Request, role: Role, area: Area, { elseHome = false }: { elseHome?: boolean } = {}): void {
  if (mayReach(role, area)) return;
  // The console's front page sends an account that cannot see leads to its own start page instead.
  if (elseHome && reads(request.method)) throw redirect(homeOf(role), { headers: NO_STORE });
  forbidden(`This account (${role}) cannot open this page.`);
}

/** Every operator response: never cached, never indexed. */
export async function operatorHeaders(_args: unknown, next: () => Promise<Response>): Promise<Response> {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
