import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  parsed: ParsedMail;
  /** The message as it arrived, headers included. */
  raw: string;
  envelopeTo: string[];
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Messages whose To includes the address. */
  to(address: string): ReceivedMail[];
  /** Every recipient offered at RCPT TO, accepted or not, lower-cased, in order. */
  offered: string[];
  /** Stops accepting connections (the mail server is down) until `start()`; the port stays the same. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface SinkOptions {
  port?: number;
  /** Refuses a recipient at RCPT TO with this reply (a mailbox that does not exist: 550; one that is full: 452). */
  refuse?: Record<string, { code: number; message: string }>;
  /**
   * Runs once a message's data has arrived, before the sink answers for it. "drop": the sink never says it took the
   * message (the sender was killed meanwhile), and does not keep it, as a mail server whose client went away.
   */
  beforeAccept?: (mail: ReceivedMail, kept: number) => Promise<"accept" | "drop"> | "accept" | "drop";
}

/**
 * A real SMTP server on loopback for the tests: it accepts every message and keeps it parsed (smtp-server, mailparser),
 * unless told to refuse a recipient. Nothing is ever relayed anywhere.
 */
export async function startSmtpSink({ port = 0, refuse = {}, beforeAccept }: SinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const offered: string[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;
  // Off from the moment stop() is called: a message still being read then is refused, as a server going down refuses
  // it, rather than counted after the test has read what arrived before the stop.
  let accepting = true;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        // A reverse DNS lookup of the client per connection: no resolver answers here, and each one waited for its timeout.
        disableReverseLookup: true,
        // Stopping is a mail server going down: open connections (the site keeps a pool) get 421 at once, not in 30 s.
        closeTimeout: 100,
        logger: false,
        onRcptTo(address, _session, callback) {
          const to = address.address.toLowerCase();
          offered.push(to);
          const refusal = refuse[to];
          if (!refusal) return callback();
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            simpleParser(raw)
              .then(async (parsed) => {
                const mail = { parsed, raw, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) };
                if ((await beforeAccept?.(mail, messages.length)) === "drop") {
                  return callback(Object.assign(new Error("Transaction failed"), { responseCode: 451 }));
                }
                if (!accepting) return callback(Object.assign(new Error("Service not available"), { responseCode: 421 }));
                messages.push(mail);
                callback();
              })
              .catch((error: Error) => callback(error));
          });
        },
      });
      server.once("error", reject);
      server.listen(boundPort, "127.0.0.1", () => {
        boundPort = (server!.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    messages,
    offered,
    to: (address) => messages.filter((mail) => mail.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase())),
    async stop() {
      accepting = false;
      await close();
      server = null;
    },
    async start() {
      accepting = true;
      if (!server) await listen();
    },
    close,
  };
}
