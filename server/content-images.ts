import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { DatabaseService } from "../app/context";
import { CONTENT_IMAGE_DIR, CONTENT_IMAGE_FILE, findContentImage } from "../app/features/site-content/index.server";
import { answerDatabaseAway } from "./email-events";
import { logRouteAs } from "./logger";

// The pictures editors upload with the content (a testimonial's photo or logo, decision 035), from the database every
// instance shares, like the blog's uploaded covers (./blog-files.ts): a name is new with every upload, so a file never
// changes and is cached for a year, and kept here within a byte budget. One not kept while the database is away is a
// 503 with Retry-After (docs/decisions/027).

const KEPT_BYTES = 8 * 1024 * 1024;

export function contentImages(database: DatabaseService): RequestHandler {
  const kept = new LRUCache<string, { contentType: string; body: Buffer }>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (file) => file.body.length + 100,
  });
  return (req, res, next) => {
    const file = req.path.startsWith(`${CONTENT_IMAGE_DIR}/`) ? req.path.slice(CONTENT_IMAGE_DIR.length + 1) : "";
    if ((req.method !== "GET" && req.method !== "HEAD") || !CONTENT_IMAGE_FILE.test(file)) return next();
    const send = (image: { contentType: string; body: Buffer }) => {
      logRouteAs(res, `${CONTENT_IMAGE_DIR}/:file`);
      res.set({ "Content-Type": image.contentType, "Cache-Control": "public, max-age=31536000, immutable" });
      res.status(200).end(req.method === "HEAD" ? undefined : image.body);
    };
    const hit = kept.get(file);
    if (hit) return send(hit);
    database
      .ready()
      .then(() => findContentImage(database.db, file))
      .then(
        (image) => {
          if (!image) return next();
          kept.set(file, image);
          send(image);
        },
        () => answerDatabaseAway(res, "This image cannot be read right now. Please try again in a minute."),
      );
  };
}
