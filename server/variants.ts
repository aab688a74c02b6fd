import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import Negotiator from "negotiator";

// One response body held in memory in each encoding it has, with every header of its 200 and its 304 worked out once,
// so answering it is a lookup and one write (docs/decisions/022).

export type Encoding = "br" | "gzip" | "identity";

interface Variant {
  body: Buffer;
  etag: string;
  ok: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

export type Variants = { identity: Variant } & Partial<Record<"br" | "gzip", Variant>>;

export interface Encoded {
  identity: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: "", br: "-br", gzip: "-gz" };
/** What a 304 leaves out: it describes no body (RFC 9110, 15.4.5). */
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding"]);

/**
 * The variants of one body. `headers` are those every answer carries (security headers, Cache-Control, the page's
 * CSP, Content-Type); each encoding adds a strong ETag of its own (its bytes differ), its length and its encoding.
 * `negotiated`: the body's encoding depends on Accept-Encoding, so caches must key on it (Vary), even where no
 * encoded copy was worth keeping.
 */
export function variantsOf(encoded: Encoded, headers: OutgoingHttpHeaders, negotiated = true): Variants {
  const hash = createHash("sha256").update(encoded.identity).digest("base64url").slice(0, 27);
  const variant = (encoding: Encoding, body: Buffer): Variant => {
    const etag = `"${hash}${ETAG_SUFFIX[encoding]}"`;
    const common: OutgoingHttpHeaders = { ...headers, ETag: etag, ...(negotiated ? { Vary: "Accept-Encoding" } : {}) };
    const notModified = Object.fromEntries(Object.entries(common).filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())));
    const ok = { ...common, "Content-Length": body.length, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }) };
    return { body, etag, ok, notModified };
  };
  return {
    identity: variant("identity", encoded.identity),
    ...(encoded.br ? { br: variant("br", encoded.br) } : {}),
    ...(encoded.gzip ? { gzip: variant("gzip", encoded.gzip) } : {}),
  };
}

/** The Content-Type the body goes out with (a 304 leaves it out). */
export function contentTypeOf(variants: Variants): string {
  const { ok } = variants.identity;
  return String(ok["Content-Type"] ?? ok["content-type"] ?? "");
}

export function bytesOf(variants: Variants): number {
  return variants.identity.body.length + (variants.br?.body.length ?? 0) + (variants.gzip?.body.length ?? 0);
}

const OFFERED = ["br", "gzip", "identity"] as const;
/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const accepted = new Map<string, readonly Encoding[]>();

/** The encodings a client accepts, best first: q-values decide, then Brotli before gzip (smaller, as fast to decode). */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (!header) return ["identity"];
  let encodings = accepted.get(header);
  if (!encodings) {
    encodings = new Negotiator({ headers: { "accept-encoding": header } }).encodings(OFFERED, { preferred: OFFERED }) as Encoding[];
    // A client inventing new values on every request must not grow this map.
    if (accepted.size >= 256) accepted.clear();
    accepted.set(header, encodings);
  }
  return encodings;
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function noneMatch(header: string, etag: string): boolean {
  if (header === etag || header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Answers a GET or HEAD with the best encoding the client accepts, or 304 when it already holds that very one; returns
 * the status.
 */
export function sendVariant(req: IncomingMessage, res: ServerResponse, variants: Variants): 200 | 304 {
  let variant = variants.identity;
  for (const encoding of acceptedEncodings(req.headers["accept-encoding"])) {
    const candidate = variants[encoding];
    if (candidate) {
      variant = candidate;
      break;
    }
  }
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, variant.etag)) {
    res.writeHead(304, variant.notModified).end();
    return 304;
  }
  // Node leaves the body out of an answer to HEAD and keeps its Content-Length.
  res.writeHead(200, variant.ok).end(variant.body);
  return 200;
}
