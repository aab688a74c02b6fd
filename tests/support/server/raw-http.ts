import { connect } from "node:net";

export interface RawAnswer {
  status: number | null;
  head: string;
  body: string;
  /** How the connection ended: closed by the server after an answer or without one, or reset. */
  ended: "closed" | "reset";
  ms: number;
}

/** Speaks HTTP/1.1 over a socket, to send what fetch will not: chunked bodies, stalls, half requests, TRACE. */
export function raw(url: string, send: (write: (chunk: string) => boolean) => Promise<void>, timeoutMs = 15_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    let settled = false;
    const finish = (ended: RawAnswer["ended"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const [head = "", body = ""] = received.split("\r\n\r\n", 2);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({ status: status ? Number(status) : null, head, body, ended, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still connected after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code === "ECONNRESET" ? "reset" : "closed"));
    socket.on("close", () => finish("closed"));
    socket.on("connect", () => {
      send((chunk) => !socket.destroyed && socket.write(chunk)).catch(() => socket.destroy());
    });
  });
}

/** A form body as the site's forms send it, the empty honeypot included. */
export const formBody = (fields: Record<string, string>) => new URLSearchParams({ website: "", ...fields }).toString();

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
