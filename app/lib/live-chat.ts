// Live chat is staffed 9am-5pm Pacific time, Monday to Friday. The hour is read in America/Los_Angeles,
// so daylight saving time and the visitor's own time zone never shift the answer.

export interface ChatHours {
  timeZone: string;
  opensAtHour: number;
  closesAtHour: number;
}

/** Also the contact page's script's (app/lib/page-scripts/live-chat-status.ts), so it uses nothing from this module's scope. */
export function isChatOnline(now: Date, hours: ChatHours): boolean {
  const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri"];
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: hours.timeZone,
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
  }).formatToParts(now);
  const weekday = parts.find((part) => part.type === "weekday")?.value ?? "";
  const hour = Number(parts.find((part) => part.type === "hour")?.value);
  return weekdays.includes(weekday) && hour >= hours.opensAtHour && hour < hours.closesAtHour;
}

/** Where the 'Start chat' button goes: the chat provider when one is configured, otherwise an e-mail to support. */
export function chatHref(chatUrl: string | null, supportEmail: string): { href: string; external: boolean } {
  return chatUrl
    ? { href: chatUrl, external: true }
    : { href: `mailto:${supportEmail}?subject=${encodeURIComponent("Live chat request")}`, external: false };
}
