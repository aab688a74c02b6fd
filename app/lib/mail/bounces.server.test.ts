import { describe, expect, it } from "vitest";
import { smtpBounce } from "./bounces.server";

const refusal = (fields: Record<string, unknown>) => Object.assign(new Error("Can't send mail - all recipients were rejected"), fields);

describe("what an SMTP refusal says about the address", () => {
  it("a 5xx at RCPT TO is a hard bounce of the refused addresses, with the server's words", () => {
    expect(
      smtpBounce(
        refusal({
          code: "EENVELOPE",
          responseCode: 550,
          command: "RCPT TO",
          response: "550 5.1.1  No such\\nuser",
          rejected: ["Ada@X.example"],
        }),
      ),
    ).toEqual({ kind: "hard", code: 550, detail: "550 5.1.1 No such\\nuser", rejected: ["ada@x.example"] });
  });

  it("a 4xx at RCPT TO is a soft bounce", () => {
    expect(
      smtpBounce(refusal({ code: "EENVELOPE", responseCode: 452, command: "RCPT TO", response: "452 4.2.2 Mailbox full" })),
    ).toMatchObject({
      kind: "soft",
      code: 452,
      rejected: [],
    });
  });

  it("a server that is down, a refused login or a failure after the recipients says nothing about the address", () => {
    expect(smtpBounce(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBeNull();
    expect(smtpBounce(refusal({ code: "EAUTH", responseCode: 535, command: "AUTH PLAIN" }))).toBeNull();
    expect(smtpBounce(refusal({ code: "EMESSAGE", responseCode: 554, command: "DATA" }))).toBeNull();
    expect(smtpBounce("not an error")).toBeNull();
  });
});
