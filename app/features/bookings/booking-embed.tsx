import { ExternalLink } from "~/components/layout/external-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { bookingPageUrl } from "~/features/analytics";
import { usePageScript } from "~/lib/hydration";
import { bookingEmbedScript } from "./booking-embed-script";

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

/**
 * Click-to-load booking calendar: no third-party script or cookie arrives before the visitor asks for it. Plain markup
 * for every state, shown by `data-embed-state`, which the page script (lib/page-scripts/booking-embed.ts) moves on.
 * The box keeps the same height in every state, so loading never shifts the page.
 */
export function BookingEmbed({ bookingUrl, scriptUrl, minutes, height, timeoutMs = 10_000 }: BookingEmbedProps) {
  usePageScript(bookingEmbedScript);
  return (
    <div
      className="group overflow-hidden rounded-xl border bg-card"
      style={{ height }}
      data-embed-state="idle"
      data-booking-page={bookingPageUrl(bookingUrl, minutes)}
      data-script-url={scriptUrl}
      data-timeout-ms={timeoutMs}
    >
      <div className="flex h-full flex-col items-center justify-center gap-5 p-6 text-center group-data-[embed-state=failed]:hidden group-data-[embed-state=ready]:hidden">
        <Icon name="calendar-days" className="size-12 text-primary" />
        <h2 className="text-2xl font-bold tracking-tight">Pick a time for your {minutes}-minute demo</h2>
        <p className="max-w-md text-muted-foreground">
          The calendar is provided by our booking service. It loads only when you ask for it, and the service may set its own cookies once
          loaded.
        </p>
        <Button size="lg" data-booking-load="">
          Load booking calendar
        </Button>
        <p className="text-sm text-muted-foreground">
          Or{" "}
          <ExternalLink href={OUTBOUND_PATHS.book} className="font-medium text-primary underline underline-offset-4">
            open the booking page
          </ExternalLink>{" "}
          directly.
        </p>
      </div>
      <div
        role="alert"
        className="hidden h-full flex-col items-center justify-center gap-5 p-6 text-center group-data-[embed-state=failed]:flex"
      >
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
      {/* The embed script fills this element; it gets its address (data-url) on the click, before the script loads. */}
      <div
        className="h-full w-full"
        hidden
        data-booking-embed=""
        data-view="month"
        data-duration={minutes}
        aria-label="Booking calendar"
        role="region"
      />
    </div>
  );
}
