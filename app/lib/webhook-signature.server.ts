import { createHmac, timingSafeEqual } from "node:crypto";

// One family of webhook signatures, both ways: what the site sends (deliver.server.ts), the mail provider's bounce and
// complaint notices it receives (mail/email-events.server.ts) and the booking services' deliveries (bookings/). Each is
// an HMAC-SHA256 in hex, recomputed here over the raw bytes received and compared in constant time.
// - The site's own and Calendly's: `t=<unix seconds>,v1=<hex HMAC of "<t>.<body>">`, the scheme Stripe made familiar;
//   the receiver refuses an old timestamp, so a captured request cannot be replayed later.
// - Cal.com's: the bare hex HMAC of the body (X-Cal-Signature-256); its replay window is the body's own `createdAt`.

/** How far a signed timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

type Bytes = string | Buffer;

const hmacHex = (secret: string, ...parts: Bytes[]) => {
  const hmac = createHmac("sha256", secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest("hex");
};

/** Whether two hex digests are the same, in constant time; false for anything that is not 64 hex digits. */
function sameDigest(expected: string, given: string) {
  return /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"));
}

export function webhookSignature(secret: string, body: Bytes, timestamp: number) {
  return `t=${timestamp},v1=${hmacHex(secret, `${timestamp}.`, body)}`;
}

export type SignatureCheck = "valid" | "missing" | "malformed" | "expired" | "wrong";

/**
 * Whether `header` (t=…,v1=…) signs `body` with `secret`, within `toleranceSeconds` of `now` (ms). Several v1 values
 * (a secret being rolled over) pass when one of them does.
 */
export function checkWebhookSignature(
  secret: string,
  body: Bytes,
  header: string | undefined,
  now = Date.now(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return "missing";
  const parts = header.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const given = parts.filter(([key, value]) => key === "v1" && value && /^[0-9a-f]{64}$/.test(value)).map(([, value]) => value!);
  if (!Number.isSafeInteger(timestamp) || given.length === 0) return "malformed";
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return "expired";
  const expected = hmacHex(secret, `${timestamp}.`, body);
  return given.some((value) => sameDigest(expected, value)) ? "valid" : "wrong";
}

/** The bare hex HMAC-SHA256 of the body (Cal.com's X-Cal-Signature-256). */
export const bodySignature = (secret: string, body: Bytes) => hmacHex(secret, body);

/** Whether `header` is the hex HMAC of `body` under `secret`; its freshness is the caller's to check. */
export function checkBodySignature(secret: string, body: Bytes, header: string | undefined): Exclude<SignatureCheck, "expired"> {
  if (!header) return "missing";
  const given = header.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return "malformed";
  return sameDigest(bodySignature(secret, body), given) ? "valid" : "wrong";
}
