import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { format } from "node:util";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { loggableError } from "../app/lib/db/loggable-error";

// The server's log (docs/decisions/022): pino, one JSON line per event, written to stdout in the background (the
// request never waits on the pipe); human-readable through pino-pretty in `npm run dev`.

export type { Logger };

/** How long a line may wait for others to leave with it. */
const BATCH_MS = 10;

/**
 * Production: JSON lines. The lines of 10 ms leave as one write, which sonic-boom makes in the background: a write per
 * line took a third of the CPU of a page answered from memory under load (bench:serve, decision 022). What is left is
 * written synchronously when the process exits.
 */
export function jsonLogger(): Logger {
  const stdout = pino.destination({ dest: 1, sync: false });
  let batch = "";
  const writeBatch = () => {
    if (batch) stdout.write(batch);
    batch = "";
  };
  process.once("exit", () => {
    writeBatch();
    stdout.flushSync();
  });
  const destination = {
    write(line: string) {
      if (!batch) setTimeout(writeBatch, BATCH_MS).unref();
      batch += line;
    },
    // pino's logger.flush() calls it (server/main.ts, before exiting).
    flush(callback: (error?: Error) => void) {
      writeBatch();
      stdout.flush(callback);
    },
  };
  return pino({}, destination);
}

/** Development: one readable line per event. pino-pretty is a development dependency, loaded only here. */
export async function prettyLogger(): Promise<Logger> {
  const { default: pretty } = await import("pino-pretty");
  return pino(pretty({ ignore: "pid,hostname,reqId,method,route,status,ms", translateTime: "SYS:HH:MM:ss" }));
}

// In development Vite re-evaluates server modules after an edit; the log stays one stream.
const globalLogger = globalThis as typeof globalThis & { __replywiseLogger?: Promise<Logger> };

/** The process's one logger. */
export function processLogger(development: boolean): Promise<Logger> {
  globalLogger.__replywiseLogger ??= development ? prettyLogger() : Promise.resolve(jsonLogger());
  return globalLogger.__replywiseLogger;
}

/**
 * Production: what the app and its libraries print with console.* becomes lines of the same log (same text, as a
 * `msg`), so stdout is JSON throughout. Development keeps the console as it is, for Vite and React's own output.
 */
export function routeConsoleTo(logger: Logger) {
  // A failed query's parameters (what a visitor typed) are left out of whatever prints the error.
  const line = (args: unknown[]) => format(...args.map(loggableError));
  console.log = console.info = (...args: unknown[]) => logger.info(line(args));
  console.warn = (...args: unknown[]) => logger.warn(line(args));
  console.error = (...args: unknown[]) => logger.error(line(args));
}

/** Not logged: hashed assets (a dozen per page view) and the probes a load balancer sends every few seconds. */
const UNLOGGED = /^\/(?:assets\/|healthz$|readyz$)/;

interface Timing {
  started: number;
  route?: string;
  line?: { method: string | undefined; route: string; status: number; ms: number };
}
const timings = new WeakMap<ServerResponse, Timing>();

/** The route a response served outside React Router answers (a built file): its own path, a file of the site. */
export function logRouteAs(res: ServerResponse, route: string) {
  const timing = timings.get(res);
  if (timing) timing.route = route;
}

function pathOf(req: IncomingMessage) {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

export interface AccessLogOptions {
  logger: Logger;
  /** The route pattern a path reaches (server/routes.ts); without it, Express's matched route. */
  patternOf?: ((pathname: string) => string) | undefined;
}

export interface AccessLog {
  /** Express middleware, through pino-http: the request also gets `req.id` and `req.log`, a logger bound to its id. */
  (req: IncomingMessage, res: ServerResponse, next?: () => void): void;
  /**
   * The same line for an answer written from memory in one call (createSite in server/app.ts), with the logger itself:
   * pino-http makes two child loggers per request (~10 µs, a fifth of the throughput of a 7 KB page), worth it where a
   * handler may log, not where nothing else will.
   */
  answered(req: IncomingMessage, res: ServerResponse, route: string): void;
}

/**
 * One line per request: request id, method, route, status and duration. The route is the pattern the path matched
 * ("/blog/:slug") or a file of the build, never the path, the query, a header, the body or the client's address as
 * sent: nothing a visitor typed. The `msg` reads as the line did before pino ("GET /features 200 0.4ms").
 */
export function accessLog({ logger, patternOf }: AccessLogOptions): AccessLog {
  const routeOf = (req: IncomingMessage, timing: Timing) =>
    timing.route ??
    patternOf?.(pathOf(req)) ??
    (req as IncomingMessage & { route?: { path?: unknown } }).route?.path?.toString() ??
    "(none)";
  // pino-http asks for the object, then the message: both read the same figures.
  const fields = (req: IncomingMessage, res: ServerResponse, timing = timings.get(res) ?? { started: performance.now() }) => {
    timing.line ??= {
      method: req.method,
      route: routeOf(req, timing),
      status: res.statusCode,
      ms: Math.round((performance.now() - timing.started) * 10) / 10,
    };
    return timing.line;
  };
  const message = (req: IncomingMessage, res: ServerResponse, timing?: Timing) => {
    const { method, route, status, ms } = fields(req, res, timing);
    return `${method} ${route} ${status} ${ms.toFixed(1)}ms${res.writableEnded ? "" : " (aborted)"}`;
  };
  const log = pinoHttp({
    logger,
    // Ours, never an id a client sends.
    genReqId: () => randomUUID(),
    quietReqLogger: true,
    quietResLogger: true,
    // Nothing from the request object itself: pino-http's default would write its headers and the client's address.
    wrapSerializers: false,
    serializers: { req: () => undefined },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessObject: (req, res) => fields(req, res),
    customErrorObject: (req, res) => fields(req, res),
    customSuccessMessage: (req, res) => message(req, res),
    customErrorMessage: (req, res) => message(req, res),
  });
  const middleware = (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    if (UNLOGGED.test(pathOf(req))) return next?.();
    timings.set(res, { started: performance.now() });
    log(req, res, next);
  };
  return Object.assign(middleware, {
    answered(req: IncomingMessage, res: ServerResponse, route: string) {
      if (UNLOGGED.test(pathOf(req))) return;
      const timing: Timing = { started: performance.now(), route };
      const reqId = randomUUID();
      let written = false;
      const write = () => {
        if (written) return;
        written = true;
        logger.info({ reqId, ...fields(req, res, timing) }, message(req, res, timing));
      };
      res.once("finish", write);
      res.once("close", write);
    },
  });
}
