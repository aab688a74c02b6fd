import { useEffect, useState } from "react";
import { ExternalLink } from "~/components/layout/external-link";
import { Button } from "~/components/ui/button";

import { Icon } from "~/components/ui/icon";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { bookingPageUrl } from "~/lib/analytics/outbound";
import { BOOKING_REFERENCE_PATH } from "~/lib/bookings/references";
type EmbedState = "idle" | "loading" | "ready" | "failed";

/** How long the calendar waits for the booking page with the visit's reference before loading without one. */
const REFERENCE_TIMEOUT_MS = 3000;

interface BookingEmbedProps {
  /** The booking page of the 30-minute event. */
  bookingUrl: string;
  /** The booking service's embed script; loaded only after the visitor asks for the calendar. */
  scriptUrl: string;
  minutes: number;
  height: number;
  /** How long to wait for the script before offering the direct link instead. */
  timeoutMs?: number;
}

/** The event page in month view; the embed script reads this from data-url. */
export function embedUrl(bookingUrl: string, minutes: number): string {
  const url = new URL(bookingPageUrl(bookingUrl, minutes));
  url.searchParams.set("embed", "inline");
  return url.toString();
}

/**
 * Click-to-load booking calendar: no third-party script or cookie arrives before the visitor asks for it.
 * The box keeps the same height in every state, so loading never shifts the page.
 */
export function BookingEmbed({ bookingUrl, scriptUrl, minutes, height, timeoutMs = 10_000 }: BookingEmbedProps) {
  const [state, setState] = useState<EmbedState>("idle");
  // The booking page with a reference to this visit (docs/decisions/028), asked for on the click; the plain one if the
  // server cannot say in time. The embed script reads it from data-url, so the script waits for it.
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (state !== "loading" || url) return;
    const plain = embedUrl(bookingUrl, minutes);
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), REFERENCE_TIMEOUT_MS);
    fetch(BOOKING_REFERENCE_PATH, { method: "POST", signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ url?: unknown }>) : null))
      .then((answer) => {
        const referenced = typeof answer?.url === "string" && answer.url.startsWith(new URL(bookingUrl).origin) ? answer.url : null;
        setUrl(referenced ? embedUrl(referenced, minutes) : plain);
      })
      .catch(() => setUrl(plain))
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [state, url, bookingUrl, minutes]);

  useEffect(() => {
    if (state !== "loading" || !url) return;
    let settled = false;
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    const finish = (next: EmbedState) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      setState(next);
    };
    const timer = window.setTimeout(() => finish("failed"), timeoutMs);
    script.addEventListener("load", () => finish("ready"));
    script.addEventListener("error", () => finish("failed"));
    document.body.appendChild(script);
    return () => {
      settled = true;
      window.clearTimeout(timer);
    };
  }, [state, url, scriptUrl, timeoutMs]);

  return (
    <div className="overflow-hidden rounded-xl border bg-card" style={{ height }} data-embed-state={state}>
      {state === "idle" || state === "loading" ? (
        <div className="flex h-full flex-col items-center justify-center gap-5 p-6 text-center">
          <Icon name="calendar-days" className="size-12 text-primary" />
          <h2 className="text-2xl font-bold tracking-tight">Pick a time for your {minutes}-minute demo</h2>
          <p className="max-w-md text-muted-foreground">
            The calendar is provided by our booking service. It loads only when you ask for it, and the service may set its own cookies once
            loaded.
          </p>
          <Button size="lg" onClick={() => setState("loading")} disabled={state === "loading"}>
            {state === "loading" ? "Loading calendar..." : "Load booking calendar"}
          </Button>
          <p className="text-sm text-muted-foreground">
            Or{" "}
            <ExternalLink href={OUTBOUND_PATHS.book} className="font-medium text-primary underline underline-offset-4">
              open the booking page
            </ExternalLink>{" "}
            directly.
          </p>
        </div>
      ) : null}
      {state === "failed" ? (
        <div role="alert" className="flex h-full flex-col items-center justify-center gap-5 p-6 text-center">
          <Icon name="calendar-days" className="size-12 text-muted-foreground" />
          <h2 className="text-2xl font-bold tracking-tight">The calendar could not load</h2>
          <p className="max-w-md text-muted-foreground">
            Your browser or network blocked the booking service. You can still pick a time on the booking page itself.
          </p>
          <Button asChild size="lg">
            <ExternalLink href={OUTBOUND_PATHS.book}>
              Open the booking page <Icon name="external-link" />
            </ExternalLink>
          </Button>
        </div>
      ) : null}
      {/* The embed script fills this element; it exists from the first click so the script finds it on load. */}
      {url && (state === "loading" || state === "ready") ? (
        <div
          className={state === "ready" ? "h-full w-full" : "hidden"}
          data-booking-embed=""
          data-url={url}
          data-view="month"
          data-duration={minutes}
          style={{ height: state === "ready" ? height : 0 }}
          aria-label="Booking calendar"
          role="region"
        />
      ) : null}
    </div>
  );
}
