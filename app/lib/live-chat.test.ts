import { describe, expect, it } from "vitest";
import { chatHref, isChatOnline } from "./live-chat";

const hours = { timeZone: "America/Los_Angeles", opensAtHour: 9, closesAtHour: 17 };

describe("isChatOnline", () => {
  it("is online at 9:00 Pacific on a weekday in summer (PDT, UTC-7)", () => {
    expect(isChatOnline(new Date("2025-07-15T16:00:00Z"), hours)).toBe(true);
  });
  it("is offline one minute before opening", () => {
    expect(isChatOnline(new Date("2025-07-15T15:59:00Z"), hours)).toBe(false);
  });
  it("is online at 16:59 and offline at 17:00 Pacific", () => {
    expect(isChatOnline(new Date("2025-07-15T23:59:00Z"), hours)).toBe(true);
    expect(isChatOnline(new Date("2025-07-16T00:00:00Z"), hours)).toBe(false);
  });
  it("follows standard time in winter (PST, UTC-8)", () => {
    // 16:30 UTC is 8:30 PST in January but would be 9:30 under PDT.
    expect(isChatOnline(new Date("2025-01-14T16:30:00Z"), hours)).toBe(false);
    expect(isChatOnline(new Date("2025-01-14T17:00:00Z"), hours)).toBe(true);
  });
  it("is offline at weekends", () => {
    expect(isChatOnline(new Date("2025-07-19T18:00:00Z"), hours)).toBe(false); // Saturday 11:00 PDT
    expect(isChatOnline(new Date("2025-07-20T18:00:00Z"), hours)).toBe(false); // Sunday
  });
  it("uses the Pacific weekday, not the UTC one", () => {
    // Saturday 00:30 UTC is still Friday 17:30 PDT: closed; Friday 23:30 UTC is Friday 16:30 PDT: open.
    expect(isChatOnline(new Date("2025-07-18T23:30:00Z"), hours)).toBe(true);
    expect(isChatOnline(new Date("2025-07-19T00:30:00Z"), hours)).toBe(false);
  });
});

describe("chatHref", () => {
  it("opens the chat provider when configured", () => {
    expect(chatHref("https://chat.example/replywise", "support@x.example")).toEqual({
      href: "https://chat.example/replywise",
      external: true,
    });
  });
  it("falls back to an e-mail to support", () => {
    const link = chatHref(null, "support@x.example");
    expect(link.external).toBe(false);
    expect(link.href.startsWith("mailto:support@x.example?")).toBe(true);
  });
});
