import { createHash } from "node:crypto";
import { readEnv } from "./env.server";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** SHA-256 sources for every inline script of a document, so the CSP needs neither nonces nor 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

function originOf(url: string) {
  return new URL(url).origin;
}

/** The Content-Security-Policy for one HTML document. Third-party origins are the booking service's only. */
export function contentSecurityPolicy(html: string, env = readEnv()): string {
  const booking = [...new Set([originOf(env.BOOKING_URL), originOf(env.BOOKING_SCRIPT_URL)])].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(" ")} ${booking}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${booking}`,
    `frame-src ${booking}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (env.SITE_URL.startsWith("https://")) directives.push("upgrade-insecure-requests");
  return directives.map((directive) => directive.replace(/\s+/g, " ").trim()).join("; ");
}
