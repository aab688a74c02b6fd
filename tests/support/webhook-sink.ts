import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookCall {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface WebhookSink {
  url: string;
  calls: WebhookCall[];
  close(): Promise<void>;
}

export interface WebhookSinkOptions {
  /** Runs once a call's body has arrived (it is kept already), before the sink answers 200: a receiver that is slow to say so. */
  beforeAnswer?: (call: WebhookCall) => Promise<void>;
}

/** A receiver on loopback that keeps every POST it gets and answers 200. */
export async function startWebhookSink({ beforeAnswer }: WebhookSinkOptions = {}): Promise<WebhookSink> {
  const calls: WebhookCall[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const call = { body, headers: req.headers };
      calls.push(call);
      void Promise.resolve(beforeAnswer?.(call)).then(() => res.end("ok"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
