import type { PageScript } from "~/lib/hydration";

// The operator's own time zone (decision 044): the browser's, which a small script of the console's plain pages keeps in
// a cookie the server reads, so "today", "yesterday" and a day's date are the operator's, not UTC's. Without the
// cookie (the first page, JavaScript off, a zone this runtime does not know) the console reads UTC.

export const TIME_ZONE_COOKIE = "console-tz";

/** A time zone this runtime can format in ("Europe/Paris"), or null. */
export function knownTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The operator's time zone from a request's cookies; UTC when none is known. */
export function timeZoneOfCookies(cookieHeader: string | null): string {
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === TIME_ZONE_COOKIE)?.[1];
  return knownTimeZone(value ? decodeURIComponent(value) : null) ?? "UTC";
}

/** Serialised into the page, so it uses nothing from this module's scope. */
function rememberTimeZone(name: string) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const cookie = `${name}=${encodeURIComponent(zone)}`;
  // Never a reload: the page may be an action's answer, which a reload would post again. The next page reads it.
  if (zone && !document.cookie.split("; ").includes(cookie)) document.cookie = `${cookie}; path=/console; max-age=31536000; samesite=lax`;
}

export const timeZoneScript: PageScript = { start: rememberTimeZone, args: [TIME_ZONE_COOKIE] };
