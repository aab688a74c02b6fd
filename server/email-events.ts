import express, { type RequestHandler, type Response } from "express";
import type { DatabaseService } from "../app/context";
import { receiveEmailEvent } from "../app/lib/mail/email-events.server";

export const EMAIL_EVENTS_PATH = "/webhooks/email-events";
const NO_STORE = { "Cache-Control": "no-store" };

/** The database is away: a 503 the client may try again after 30 s, with one sentence, never kept by a cache. */
export function answerDatabaseAway(res: Response, sentence: string) {
  res
    .status(503)
    .set({ ...NO_STORE, "Retry-After": "30" })
    .type("text/plain")
    .send(`${sentence}\n`);
}

/**
 * Whether the database can take a provider's delivery; if not, answers 503 with Retry-After: nothing was applied, and
 * the provider sends it again later (the booking webhooks, ./bookings.ts, answer alike).
 */
export async function databaseReady(database: DatabaseService, res: Response): Promise<boolean> {
  try {
    await database.ready();
    return true;
  } catch {
    answerDatabaseAway(res, "The database is not reachable; nothing was applied.");
    return false;
  }
}

/**
 * POST /webhooks/email-events: the provider's bounce and complaint notices (docs/decisions/024). The raw body is what
 * is signed, so it is read as bytes (16 KB at most); without EMAIL_EVENTS_SECRET the endpoint does not exist.
 */
export function emailEvents(database: DatabaseService, options: { secret: string | undefined; softBounceLimit: number }): RequestHandler[] {
  const { secret, softBounceLimit } = options;
  return [
    express.raw({ type: () => true, limit: "16kb" }),
    async (req, res, next) => {
      if (!secret) return next();
      if (!(await databaseReady(database, res))) return;
      try {
        const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
        const answer = await receiveEmailEvent(database.db, { secret, softBounceLimit }, body, req.get("replywise-signature"));
        res.status(answer.status).set(NO_STORE).type("text/plain").send(`${answer.text}\n`);
      } catch (error) {
        next(error);
      }
    },
  ];
}
