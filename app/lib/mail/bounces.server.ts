// What an SMTP server's refusal says about the address (docs/decisions/024). nodemailer reports a refused recipient as
// EENVELOPE (or a failure at RCPT TO) with the server's reply code: 5xx is for good (the mailbox does not exist), 4xx
// for now (a full mailbox, greylisting). Any other failure (the server down, a refused login) says nothing about the
// address and is only retried.

export interface SmtpBounce {
  kind: "hard" | "soft";
  code: number;
  /** The server's reply, shortened: kept with the suppression, for the team to read. */
  detail: string;
  /** The addresses refused, lower-cased; empty when the reply names none (then every recipient of the message). */
  rejected: string[];
}

export function smtpBounce(error: unknown): SmtpBounce | null {
  if (!(error instanceof Error)) return null;
  const { code, responseCode, command, response, rejected } = error as Error & {
    code?: string;
    responseCode?: number;
    command?: string;
    response?: string;
    rejected?: unknown;
  };
  const atRecipient = code === "EENVELOPE" || /^RCPT/i.test(command ?? "");
  if (!atRecipient || typeof responseCode !== "number") return null;
  const kind = responseCode >= 500 && responseCode < 600 ? "hard" : responseCode >= 400 && responseCode < 500 ? "soft" : null;
  if (!kind) return null;
  return {
    kind,
    code: responseCode,
    detail: (response ?? error.message).replace(/\s+/g, " ").trim().slice(0, 300),
    rejected: Array.isArray(rejected)
      ? rejected.filter((value): value is string => typeof value === "string").map((value) => value.toLowerCase())
      : [],
  };
}
