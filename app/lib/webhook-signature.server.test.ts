import { describe, expect, it } from "vitest";
import { checkWebhookSignature, SIGNATURE_TOLERANCE_SECONDS, webhookSignature } from "./webhook-signature.server";

const SECRET = "s".repeat(40);
const BODY = '{"id":"evt_1","type":"complaint","email":"a@b.example"}';
const NOW = Date.parse("2030-01-01T12:00:00Z");
const T = NOW / 1000;

describe("a webhook's signature", () => {
  it("is valid for the body, secret and a recent timestamp it was made with", () => {
    expect(checkWebhookSignature(SECRET, BODY, webhookSignature(SECRET, BODY, T), NOW)).toBe("valid");
    expect(checkWebhookSignature(SECRET, BODY, webhookSignature(SECRET, BODY, T - SIGNATURE_TOLERANCE_SECONDS), NOW)).toBe("valid");
  });

  it("is refused for another body or secret, a stale or future timestamp, a missing or malformed header", () => {
    expect(checkWebhookSignature(SECRET, `${BODY} `, webhookSignature(SECRET, BODY, T), NOW)).toBe("wrong");
    expect(checkWebhookSignature(SECRET, BODY, webhookSignature("x".repeat(40), BODY, T), NOW)).toBe("wrong");
    expect(checkWebhookSignature(SECRET, BODY, webhookSignature(SECRET, BODY, T - SIGNATURE_TOLERANCE_SECONDS - 1), NOW)).toBe("expired");
    expect(checkWebhookSignature(SECRET, BODY, webhookSignature(SECRET, BODY, T + SIGNATURE_TOLERANCE_SECONDS + 1), NOW)).toBe("expired");
    expect(checkWebhookSignature(SECRET, BODY, undefined, NOW)).toBe("missing");
    for (const header of ["v1=abc", `t=${T}`, `t=soon,v1=${"0".repeat(64)}`, `t=${T},v1=${"g".repeat(64)}`])
      expect(checkWebhookSignature(SECRET, BODY, header, NOW), header).toBe("malformed");
  });
});
