import { expect } from "vitest";
import type { ReceivedMail, SmtpSink } from "../../support/smtp-sink";

// One message to many addresses (a newsletter issue, a shipped notice), as the SMTP server on loopback received it.

/** The copies whose Message-ID starts with `<prefix`. */
export const copiesOf = (smtp: SmtpSink, prefix: string) => smtp.messages.filter((mail) => mail.parsed.messageId?.startsWith(`<${prefix}`));

/**
 * Waits for a copy to each of `addresses`, then a little longer for any that should not come: each address (in any
 * case: an address is one mailbox whatever its spelling) got exactly one, and no other copy came.
 */
export async function expectOneEach(smtp: SmtpSink, prefix: string, addresses: readonly string[], timeout: number) {
  await expect.poll(() => copiesOf(smtp, prefix).length, { timeout, interval: 250 }).toBeGreaterThanOrEqual(addresses.length);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const copies = copiesOf(smtp, prefix);
  const perAddress = new Map<string, string[]>();
  for (const mail of copies)
    for (const to of mail.envelopeTo.map((address) => address.toLowerCase()))
      perAddress.set(to, [...(perAddress.get(to) ?? []), mail.parsed.messageId!]);
  const twice = [...perAddress].filter(([, ids]) => ids.length > 1);
  expect(twice, "addresses that got more than one copy").toEqual([]);
  expect(copies).toHaveLength(addresses.length);
  expect(new Set(copies.map((mail) => mail.parsed.messageId)).size).toBe(addresses.length);
  for (const address of addresses) expect(perAddress.get(address.toLowerCase()), address).toHaveLength(1);
  return copies;
}

/** A header as it was sent (mailparser folds the List-* ones into one structure). */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim();
}
