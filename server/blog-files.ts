import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { DatabaseService } from "../app/context";
import { findFile } from "../app/features/blog/index.server";
import { answerDatabaseAway } from "./email-events";

// Uploaded covers (docs/decisions/023), from the database every instance shares: the built files (the initial posts'
// covers) are answered from memory before this. A name is new with every upload, so a file never changes: cached for
// a year by browsers and CDNs, and here, least recently used first, within a byte budget. One not kept here while the
// database is away is a 503 with Retry-After, not a 500 with a stack trace (docs/decisions/027).

const KEPT_BYTES = 24 * 1024 * 1024;
const FILE = /^\/images\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*\.(?:avif|webp|jpg)$/;

export function blogFiles(database: DatabaseService): RequestHandler {
  const kept = new LRUCache<string, { contentType: string; body: Buffer }>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (file) => file.body.length + 100,
  });
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !FILE.test(req.path)) return next();
    const send = (file: { contentType: string; body: Buffer }) => {
      res.set({ "Content-Type": file.contentType, "Cache-Control": "public, max-age=31536000, immutable" });
      res.status(200).end(req.method === "HEAD" ? undefined : file.body);
    };
    const hit = kept.get(req.path);
    if (hit) return send(hit);
    database
      .ready()
      .then(() => findFile(database.db, req.path))
      .then(
        (file) => {
          if (!file) return next();
          kept.set(req.path, file);
          send(file);
        },
        () => answerDatabaseAway(res, "This image cannot be read right now. Please try again in a minute."),
      );
  };
}
