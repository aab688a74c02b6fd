import type { Request as ExpressRequest, RequestHandler } from "express";
import { data, type HeadersFunction } from "react-router";
import type { DatabaseService } from "~/lib/db/client.server";
import { retryIfEnded } from "~/lib/db/ended-connection.server";
import { formPostOutcome, rateLimitRefused } from "~/lib/ops/metrics.server";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { provenanceOfExpress } from "~/lib/same-origin.server";
import { FILL_TIME_FIELD, MAX_BODY_BYTES, MIN_FILL_MS, type FormLimit } from "./limits";
import { formNameOf, RATE_LIMIT_FACTOR, type FormName } from "./names";
import type { FailureReason, FormResult } from "./result";

// The one guard every form post passes, in two steps that share one decision of the rate limiter.
// 1. Before React Router (`formPostGuard`, mounted by server/app.ts): a post that another origin (a sibling subdomain
//    included, app/lib/same-origin.server.ts) makes a visitor's browser send is refused (403); then the limiter is
//    asked, once: an address (or a form) this instance already refused in the current window gets its 429 at once,
//    before its body is read or a page rendered, so a flood costs next to nothing; any other answer goes on to the
//    action through the router's context (the route hands it to the action with the other services, app/context.ts).
// 2. In the form's action (`readFormPost`): the body is read up to MAX_BODY_BYTES (413 beyond), then the limiter's
//    answer applies (429 with Retry-After, or 503 when the database is away), and a post that trips a spam check (its
//    honeypot filled in or missing, or a form filled faster than a person can) is answered as if it worked and held as
//    spam (./action.server.ts), never delivered. An action reached without the guard (the server tests call actions
//    directly) asks the limiter itself, the same way.
// A body in a media type no form sends (JSON, text, XML) gets 415 in step 1: nothing a form sent is refused by it, and
// an integration that posts JSON learns why instead of being told it worked.

/** The hidden field people never see and bots fill in. Every real form sends it, empty. */
export const HONEYPOT_FIELD = "website";

export type SpamReason = "honeypot-filled" | "honeypot-missing" | "too-fast";

/** What the site's forms send: a browser's default encoding, or multipart. */
const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Beyond the cap the rest of a body is read and dropped, so the visitor's browser receives the 413 instead of a reset. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

/** The visitor's address as the server sees it (Express honours TRUST_PROXY). */
export function clientAddressOf(req: ExpressRequest): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export interface LimitServices {
  database: Pick<DatabaseService, "ready">;
  rateLimiter: RateLimiter;
}

/** What reading a post needs of the request's services (app/context.ts, formPostServicesOf). */
export interface GuardServices extends LimitServices {
  /** The guard's decision about this post when server/app.ts's formPostGuard already asked (once per post). */
  formLimit: FormLimit | null;
  /** The visitor's address as the server sees it. */
  clientAddress: string;
  /** A lead form posted sooner than this after its page opened is held as spam (FORM_MIN_FILL_SECONDS). */
  minFillMs: number;
}

/** Asks the limiter about one post, once the database is ready; never throws. */
export async function askFormLimit({ database, rateLimiter }: LimitServices, form: FormName, address: string): Promise<FormLimit> {
  try {
    await database.ready();
    // The first post after an outage may meet a connection the database ended (./ended-connection.server.ts).
    const decision = await retryIfEnded(() => rateLimiter.hit(form, address, RATE_LIMIT_FACTOR[form]));
    if (decision.allowed) return { status: "allowed" };
    return { status: "refused", retryAfterSeconds: decision.retryAfterSeconds, repeat: decision.repeat };
  } catch (error) {
    logStorageFailure(form, error);
    return { status: "unavailable" };
  }
}

/** The guard's decision about this post, or, for an action reached without the guard, the limiter asked now. */
function formLimitOf(form: FormName, services: GuardServices): Promise<FormLimit> {
  if (services.formLimit) return Promise.resolve(services.formLimit);
  return askFormLimit(services, form, services.clientAddress);
}

/** Form posts' first step, before React Router; server/app.ts hands `res.locals.formLimit` to the action's context. */
export function formPostGuard(services: LimitServices, siteOrigin: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    const form = formNameOf(req.path);
    if (!form) return next();
    // A post that names no origin at all (a script, an old client) carries no visitor's session: the limits hold it.
    if (provenanceOfExpress(req, siteOrigin) === "foreign") {
      res.status(403).set(NO_STORE).type("text/plain").send("Form submissions from other sites are refused.\n");
      return;
    }
    const mediaType = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!FORM_MEDIA_TYPES.includes(mediaType)) {
      formPostOutcome(form, "unsupported-media-type");
      res
        .status(415)
        .set({ ...NO_STORE, "Accept-Post": FORM_MEDIA_TYPES.join(", ") })
        .type("text/plain")
        .send(
          `This form accepts ${FORM_MEDIA_TYPES.join(" or ")}, as the site's own form sends it; ${mediaType || "a body without a type"} is not read.\n`,
        );
      return;
    }
    const limit = await askFormLimit(services, form, clientAddressOf(req));
    if (limit.status === "refused") rateLimitRefused(form);
    if (limit.status !== "refused" || !limit.repeat) {
      res.locals.formLimit = limit;
      return next();
    }
    formPostOutcome(form, "rate-limited");
    res
      .status(429)
      .set({ ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) })
      .type("text/plain")
      .send("Too many submissions from your address. Please try again in a few minutes.\n");
  };
}

type Status = 200 | 400 | 405 | 413 | 429 | 503;

/** The action's answer: never cached (it may echo what the visitor typed), and its headers reach no-JavaScript pages too. */
export function formAnswer(result: FormResult, status: Status, headers?: Record<string, string>) {
  return data(result, { status, headers: { ...NO_STORE, ...headers } });
}

export type FormAnswer = ReturnType<typeof formAnswer>;

function refusal(reason: FailureReason, status: Status, headers?: Record<string, string>, values?: FormData) {
  return formAnswer({ status: "error", reason, reply: values ? { initialValue: typedValues(values) } : {} }, status, headers);
}

/** What the visitor typed, to show again after a refusal (the honeypot aside). */
function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (key !== HONEYPOT_FIELD && typeof value === "string") values[key] = value;
  return values;
}

class BodyTooLarge extends Error {}

async function readCappedBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        break;
      }
      if (size <= MAX_BODY_BYTES) chunks.push(value);
    }
  }
  if (size > MAX_BODY_BYTES || declared > MAX_BODY_BYTES) throw new BodyTooLarge();
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function readForm(request: Request): Promise<FormData | null> {
  const body = await readCappedBody(request);
  const contentType = request.headers.get("content-type") ?? "";
  try {
    return await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return null;
  }
}

/** Only the error's class and code reach the log: driver messages can quote the submitted values. */
export function logStorageFailure(form: FormName, error: unknown) {
  const codeOf = (value: unknown) =>
    typeof value === "object" && value && "code" in value ? String((value as { code: unknown }).code) : "";
  const cause = typeof error === "object" && error && "cause" in error ? (error as { cause: unknown }).cause : undefined;
  console.error(
    `form ${form}: storage failed (${error instanceof Error ? error.name : typeof error} ${codeOf(cause) || codeOf(error)})`.trim(),
  );
}

/** Either the posted form, ready to parse (and the spam checks it tripped, if any), or the answer the visitor gets instead. */
export type GuardedPost =
  { formData: FormData; spam: SpamReason[] | null; answer?: never } | { answer: FormAnswer; formData?: never; spam?: never };

/** The spam checks a post trips; null for none. */
export function spamReasonsOf(formData: FormData, minFillMs = MIN_FILL_MS): SpamReason[] | null {
  const reasons: SpamReason[] = [];
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot !== "string") reasons.push("honeypot-missing");
  else if (honeypot.trim() !== "") reasons.push("honeypot-filled");
  const filled = Number(formData.get(FILL_TIME_FIELD) ?? Number.NaN);
  if (Number.isFinite(filled) && filled >= 0 && filled < minFillMs) reasons.push("too-fast");
  return reasons.length > 0 ? reasons : null;
}

export async function readFormPost(form: FormName, request: Request, services: GuardServices): Promise<GuardedPost> {
  if (request.method !== "POST") return { answer: refusal("exception", 405, { Allow: "GET, HEAD, POST" }) };
  const limit = formLimitOf(form, services);

  let formData: FormData | null;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      formPostOutcome(form, "too-large");
      return { answer: refusal("too-large", 413, { Connection: "close" }) };
    }
    throw error;
  }
  const values = formData ?? undefined;

  const decision = await limit;
  if (decision.status === "unavailable") {
    formPostOutcome(form, "unavailable");
    return { answer: refusal("unavailable", 503, { "Retry-After": "30" }, values) };
  }
  if (decision.status === "refused") {
    formPostOutcome(form, "rate-limited");
    return { answer: refusal("rate-limited", 429, { "Retry-After": String(decision.retryAfterSeconds) }, values) };
  }

  // A body that does not parse as a form (a broken multipart) holds nothing to keep.
  if (!formData) {
    formPostOutcome(form, "unreadable");
    return { answer: formAnswer({ status: "success", reply: { initialValue: null } }, 200) };
  }
  return { formData, spam: spamReasonsOf(formData, services.minFillMs) };
}

/**
 * A form route's `headers`: the action's (no-store, Retry-After, Allow) reach the visitor also when the answer is the
 * form's own page, rendered for a post without JavaScript.
 */
export const formHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
