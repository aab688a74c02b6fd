import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";
import type { Database } from "../app/lib/db/client.server";
import { isConsolePath } from "../app/lib/console/paths";
import { metricsText, observeRequest, type RouteClass } from "../app/lib/ops/metrics.server";

// /metrics for Prometheus, behind a bearer token (METRICS_TOKEN): without the variable the endpoint does not exist
// (404 like any unknown path), so nothing about the site's traffic is public by default.

/** Where Prometheus reads the metrics. */
export const METRICS_PATH = "/metrics";

/** The part of the site a path belongs to: a label from a fixed list, never the path itself. */
export function routeClassOf(method: string, path: string): RouteClass {
  if (path === METRICS_PATH) return "metrics";
  if (path === "/healthz" || path === "/readyz") return "probe";
  if (path.startsWith("/assets/")) return "asset";
  if (path.startsWith("/downloads/")) return "download";
  if (path.startsWith("/forms/") && method === "POST") return "form";
  if (isConsolePath(path)) return "console";
  return "page";
}

/** Counts and times every request by its route class: Express middleware, and called as is by the memory path. */
export function requestMetrics() {
  return (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    const started = process.hrtime.bigint();
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
    res.on("finish", () => {
      observeRequest(routeClassOf(method, path), method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next?.();
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Mounts /metrics when a token is configured. */
export function mountMetrics(app: Express, token: string | undefined, db: Database) {
  if (!token) return;
  const expected = digest(token);
  app.get(METRICS_PATH, async (req, res) => {
    const offered = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    res.setHeader("Cache-Control", "no-store");
    if (!timingSafeEqual(digest(offered), expected)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("A valid bearer token is required.\n");
      return;
    }
    const { contentType, body } = await metricsText(db);
    res.type(contentType).send(body);
  });
}
