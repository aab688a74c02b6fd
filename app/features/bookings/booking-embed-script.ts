// The demo page's click-to-load calendar, without React (decision 031): nothing from the booking service loads before
// the visitor asks. On the click the box asks this site for the booking page with a reference to the visit
// (docs/decisions/028; the plain page when the server cannot say in time), then loads the service's embed script.
import { BOOKING_REFERENCE_PATH } from "./references";
import type { PageScript } from "~/lib/hydration";

/** How long the calendar waits for the booking page with the visit's reference before loading without one. */
const REFERENCE_TIMEOUT_MS = 3000;
/** The query parameter that asks the booking service for its embeddable page. */
export const EMBED_PARAMETER = "embed";

/**
 * Serialised into the page, so it uses nothing from this module's scope. The box
 * (components/sections/booking-embed.tsx) holds its settings as data attributes and shows each state through
 * `data-embed-state`: idle, loading, ready or failed.
 */
function startBookingEmbed(referencePath: string, referenceTimeoutMs: number, embedParameter: string) {
  const embedAddress = (bookingPage: string) => {
    const url = new URL(bookingPage);
    url.searchParams.set(embedParameter, "inline");
    return url.toString();
  };
  /** The booking page with the visit's reference, or the plain one (embedded either way). */
  const referencedPage = async (plain: string) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), referenceTimeoutMs);
    try {
      const response = await fetch(referencePath, { method: "POST", signal: controller.signal });
      const answer = response.ok ? ((await response.json()) as { url?: unknown }) : null;
      return typeof answer?.url === "string" && answer.url.startsWith(new URL(plain).origin) ? answer.url : plain;
    } catch {
      return plain;
    } finally {
      clearTimeout(timer);
    }
  };

  const load = async (box: HTMLElement, button: HTMLButtonElement) => {
    const { bookingPage = "", scriptUrl = "", timeoutMs = "10000" } = box.dataset;
    const embed = box.querySelector<HTMLElement>("[data-booking-embed]");
    if (!embed) return;
    box.dataset.embedState = "loading";
    button.disabled = true;
    button.textContent = "Loading calendar...";
    // The embed script reads the address from data-url when it loads, so it waits for the answer.
    embed.dataset.url = embedAddress(await referencedPage(bookingPage));
    let settled = false;
    const finish = (state: "ready" | "failed") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      box.dataset.embedState = state;
      if (state === "ready") embed.hidden = false;
    };
    const timer = setTimeout(() => finish("failed"), Number(timeoutMs));
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.addEventListener("load", () => finish("ready"));
    script.addEventListener("error", () => finish("failed"));
    document.body.appendChild(script);
  };

  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("[data-booking-load]") : null;
    const box = button?.closest<HTMLElement>("[data-embed-state]");
    if (button && box?.dataset.embedState === "idle") void load(box, button);
  });
}

export const bookingEmbedScript: PageScript = {
  start: startBookingEmbed,
  args: [BOOKING_REFERENCE_PATH, REFERENCE_TIMEOUT_MS, EMBED_PARAMETER],
};
