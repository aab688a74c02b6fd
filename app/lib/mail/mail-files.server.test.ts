import { describe, expect, it } from "vitest";
import { messageNames } from "./mail-files.server";

const ADDRESS = "jo.o'neil@example.com";

describe("whether a mail file names an address", () => {
  it("finds it in headers, whatever its case", () => {
    expect(messageNames("To: Jo <Jo.O'Neil@Example.com>\nSubject: Hi\n\nbody", ADDRESS)).toBe(true);
  });

  it("finds it split by quoted-printable soft line breaks, in base64 and in encoded words", () => {
    expect(messageNames("Content-Transfer-Encoding: quoted-printable\n\nReply to jo.o'neil@exa=\nmple.com now", ADDRESS)).toBe(true);
    const base64 = Buffer.from(`A note from ${ADDRESS}, who asked about pricing and more.`).toString("base64");
    expect(messageNames(`Content-Transfer-Encoding: base64\n\n${base64.match(/.{1,76}/g)!.join("\n")}\n`, ADDRESS)).toBe(true);
    const word = Buffer.from(`Jo <${ADDRESS}>`).toString("base64");
    expect(messageNames(`Reply-To: =?utf-8?B?${word}?=\n\n`, ADDRESS)).toBe(true);
  });

  it("finds it behind HTML entities and in percent-encoded links", () => {
    expect(messageNames("<p>jo.o&#x27;neil&#64;example.com</p>", ADDRESS)).toBe(true);
    expect(messageNames('<a href="mailto:jo.o%27neil%40example.com">write</a>', ADDRESS)).toBe(true);
  });

  it("does not take another address that contains it for it", () => {
    expect(messageNames("To: ajo.o'neil@example.com, jo.o'neil@example.com.au, jo.o'neil@example.community", ADDRESS)).toBe(false);
    expect(messageNames("To: someone@example.com\n\nNothing here.", ADDRESS)).toBe(false);
  });
});
