// The contact page's "Online now" / "Offline now", without React (decision 041): the prerendered page cannot know the
// time, so the browser decides, on load and every minute, with the same rule as the server (lib/live-chat.ts).
import type { PageScript } from "~/lib/hydration";
import { isChatOnline, type ChatHours } from "~/lib/live-chat";

const RECHECK_MS = 60_000;

/** Serialised into the page with isChatOnline before it, so it uses nothing else from this module's scope. */
function startLiveChatStatus(hours: ChatHours, recheckMs: number) {
  const update = () => {
    const online = isChatOnline(new Date(), hours);
    for (const status of document.querySelectorAll<HTMLElement>("[data-chat-status]")) {
      status.dataset.online = String(online);
      const label = status.querySelector("[data-chat-label]");
      if (label) label.textContent = online ? "Online now" : "Offline now";
    }
  };
  update();
  setInterval(update, recheckMs);
}

export const liveChatStatusScript = (hours: ChatHours): PageScript => ({
  start: startLiveChatStatus,
  args: [hours, RECHECK_MS],
  helpers: [isChatOnline],
});
