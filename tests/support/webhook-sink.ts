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

/** A receiver on loopback that keeps every POST it gets and answers 200. */
export async function startWebhookSink(): Promise<WebhookSink> {
  const calls: WebhookCall[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      calls.push({ body, headers: req.headers });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
