import { expect } from "vitest";
import { startServer, type RunningServer } from "../serve-build";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../smtp-sink";
import { OUTBOX_WATCH_ENV, outboxSettled } from "./outbox-watch";

// One message to many addresses (a newsletter issue, a shipped notice), as the SMTP server on loopback received it.

/** The copies whose Message-ID starts with `<prefix`. */
export const copiesOf = (smtp: SmtpSink, prefix: string) => smtp.messages.filter((mail) => mail.parsed.messageId?.startsWith(`<${prefix}`));

/**
 * Waits for a copy to each of `addresses`, then until `site`'s outbox has nothing left to send (started with
 * OUTBOX_WATCH_ENV), so that any copy that should not come has come: each address (in any case: an address is one
 * mailbox whatever its spelling) got exactly one, and no other copy came.
 */
export async function expectOneEach(site: RunningServer, smtp: SmtpSink, prefix: string, addresses: readonly string[], timeout: number) {
  await expect.poll(() => copiesOf(smtp, prefix).length, { timeout, interval: 100 }).toBeGreaterThanOrEqual(addresses.length);
  await outboxSettled(site, { timeout });
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

interface KilledSend {
  /** The server's variables; the copies go one at a time, so the kill lands while one is in the mail server's hands. */
  env: Record<string, string>;
  /** The copy the mail server holds when the server is killed: dropped, never acknowledged. */
  killAt: number;
  /** Starts the sending on the first server. */
  send: (site: RunningServer) => Promise<unknown>;
  /** The copies that count, among what the mail server received. */
  copies: (smtp: SmtpSink) => ReceivedMail[];
  /** Where the servers and the mail server are stopped after the suite. */
  cleanup: (() => Promise<unknown> | void)[];
}

/**
 * A send killed (SIGKILL) halfway: the first server dies as the mail server holds copy `killAt`, which is dropped; only
 * the copies before it arrived. A second server on the same data is then started to finish; it and its mail server are
 * returned for the caller to count each copy once.
 */
export async function sendKilledHalfway({
  env,
  killAt,
  send,
  copies,
  cleanup,
}: KilledSend): Promise<{ smtp: SmtpSink; site: RunningServer }> {
  const killEnv = { ...env, ...OUTBOX_WATCH_ENV, OUTBOX_BATCH_SIZE: "1" };
  const running: { first?: RunningServer } = {};
  let killed = false;
  const smtp = await startSmtpSink({
    async beforeAccept(_mail, kept) {
      if (kept !== killAt || killed) return "accept";
      killed = true;
      await running.first!.kill();
      return "drop";
    },
  });
  cleanup.push(() => smtp.close());
  const first = await startServer({ ...killEnv, SMTP_URL: smtp.url });
  running.first = first;
  cleanup.push(() => first.stop());
  await send(first);
  await expect.poll(() => killed, { timeout: 30_000 }).toBe(true);
  expect(copies(smtp)).toHaveLength(killAt);
  const second = await startServer({ ...killEnv, SMTP_URL: smtp.url });
  cleanup.push(() => second.stop());
  return { smtp, site: second };
}
