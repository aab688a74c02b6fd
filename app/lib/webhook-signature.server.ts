import { createHmac, timingSafeEqual } from "node:crypto";

// One signature for webhooks both ways: what the site sends (deliver.server.ts) and the mail provider's bounce and
// complaint notices it receives (mail/email-events.server.ts). `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
// the scheme Stripe made familiar: the receiver recomputes it with the shared secret and refuses an old timestamp, so a
// captured request cannot be replayed later.

/** How far a signed timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function webhookSignature(secret: string, body: string, timestamp: number) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type SignatureCheck = "valid" | "missing" | "malformed" | "expired" | "wrong";

/** Whether `header` signs `body` with `secret`, within the tolerance of `now` (ms); compared in constant time. */
export function checkWebhookSignature(secret: string, body: string, header: string | undefined, now = Date.now()): SignatureCheck {
  if (!header) return "missing";
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return "malformed";
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return "expired";
  const expected = Buffer.from(webhookSignature(secret, body, timestamp).split("v1=")[1]!, "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex")) ? "valid" : "wrong";
}
