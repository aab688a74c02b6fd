import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { DatabaseService } from "../app/context";
import { findResourceUpload } from "../app/features/site-content/index.server";
import type { SiteContentStore } from "../app/features/site-content/index.server";
import { answerDatabaseAway } from "./email-events";
import { logRouteAs } from "./logger";

// The resources editors upload (decision 035), from the database every instance shares, answered like the built ones
// (./static-files.ts resourceFiles): opened in the browser from a link, saved as a file with `?download`, cached for a
// week. A built file of the same name is answered before this; an upload's name is never reused. Only a file the
// published catalogue lists is served: not one still in a draft, nor one an editor has removed (on every instance, as
// soon as its content store hears of the change).

const KEPT_BYTES = 32 * 1024 * 1024;
const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;
const FILE = /^\/resources\/([a-z0-9]+(?:-[a-z0-9]+)*\.(?:pdf|xlsx|mp4|zip))$/;

export function resourceUploads(database: DatabaseService, siteContent: SiteContentStore): RequestHandler {
  const kept = new LRUCache<string, { contentType: string; body: Buffer }>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (file) => file.body.length + 100,
  });
  return (req, res, next) => {
    const name = FILE.exec(req.path)?.[1];
    if ((req.method !== "GET" && req.method !== "HEAD") || !name) return next();
    const send = (file: { contentType: string; body: Buffer }) => {
      logRouteAs(res, `/resources/${name}`);
      const disposition = "download" in (req.query as Record<string, unknown>) ? "attachment" : "inline";
      res.set({
        "Content-Type": file.contentType,
        "Content-Length": String(file.body.length),
        "Content-Disposition": `${disposition}; filename="${name}"`,
        "Cache-Control": `public, max-age=${ONE_WEEK_SECONDS}`,
      });
      res.status(200).end(req.method === "HEAD" ? undefined : file.body);
    };
    const hit = kept.get(name);
    siteContent
      .current()
      .then(
        (content) => content.resources.some((entry) => entry.file === name),
        // The database is away and the catalogue was never read: a file already kept is still answered.
        (error: unknown) => {
          if (hit) return true;
          throw error;
        },
      )
      .then(async (listed) => {
        if (!listed) return next();
        if (hit) return send(hit);
        await database.ready();
        const file = await findResourceUpload(database.db, name);
        if (!file) return next();
        if (file.body.length <= KEPT_BYTES / 4) kept.set(name, file);
        send(file);
      })
      // The database is away: the file may well exist, so not a 404, and an outage is no error to trace.
      .catch(() => {
        if (res.headersSent) return;
        logRouteAs(res, `/resources/${name}`);
        answerDatabaseAway(res, "This file cannot be read right now. Please try again in a minute.");
      });
  };
}
