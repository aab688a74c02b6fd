import express, { type RequestHandler, type Router } from "express";
import type { DatabaseService } from "../app/context";
import { databaseReady } from "./email-events";
import {
  BOOKING_PROVIDERS,
  receiveBooking,
  signatureHeaderOf,
  type BookingLinks,
  type BookingProvider,
} from "../app/features/bookings/index.server";
import { BOOKING_REFERENCE_PATH } from "../app/features/bookings/index";
import type { LeadNotices } from "../app/features/leads/index.server";
import { clientAddressOf } from "../app/lib/forms/guard.server";
import { provenanceOfExpress } from "../app/lib/same-origin.server";

// The booking services' webhooks (docs/decisions/028): POST /webhooks/bookings/cal and /webhooks/bookings/calendly,
// each there only when its secret is set. The raw body is what is signed, so it is read as bytes (64 KB at most,
// never inflated); it reaches no log. And POST /bookings/reference: the booking page's address with a reference to the
// visit, which the demo page's calendar asks for when the visitor loads it.

export const BOOKING_WEBHOOK_PATH = "/webhooks/bookings/:provider";
const NO_STORE = { "Cache-Control": "no-store" };
/** A booking with twenty long answers is a few KB; this leaves room and refuses what is not a booking. */
const BODY_LIMIT = "64kb";

export interface BookingWebhookOptions {
  secrets: Record<BookingProvider, string | undefined>;
  notices: LeadNotices;
  goals: boolean;
  links: BookingLinks;
  siteOrigin: string;
}

export function bookingWebhooks(database: DatabaseService, options: BookingWebhookOptions): Router {
  const router = express.Router();
  const known = (provider: string): provider is BookingProvider => (BOOKING_PROVIDERS as readonly string[]).includes(provider);
  const enabled: RequestHandler = (req, _res, next) => {
    const provider = String(req.params.provider);
    // Off (or no such provider): the path does not exist, as for any other unknown address.
    if (!known(provider) || !options.secrets[provider]) return next("router");
    next();
  };
  router.post(
    BOOKING_WEBHOOK_PATH,
    enabled,
    express.raw({ type: () => true, limit: BODY_LIMIT, inflate: false }),
    async (req, res, next) => {
      const provider = req.params.provider as BookingProvider;
      if (!(await databaseReady(database, res))) return;
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await receiveBooking(database.db, provider, body, req.get(signatureHeaderOf(provider)), {
          secret: options.secrets[provider]!,
          notices: options.notices,
          goals: options.goals,
        });
        res
          .status(answer.status)
          .set(answer.status === 503 ? { ...NO_STORE, "Retry-After": "30" } : NO_STORE)
          .type("text/plain")
          .send(`${answer.text}\n`);
      } catch (error) {
        next(error);
      }
    },
  );
  // Asked by a script of our own page only: another site may not mint references for its visitors. The page's fetch
  // always says its Origin (the Fetch standard sends one with every POST): without it, the plain address.
  router.post(BOOKING_REFERENCE_PATH, async (req, res) => {
    const provenance = provenanceOfExpress(req, options.siteOrigin);
    if (provenance === "foreign") {
      res.status(403).set(NO_STORE).type("text/plain").send("Only this site's pages ask for a booking reference.\n");
      return;
    }
    const url = await options.links({
      address: clientAddressOf(req),
      userAgent: req.get("user-agent"),
      ownPage: provenance === "own" && req.get("origin") !== undefined,
    });
    res.set({ ...NO_STORE, "X-Robots-Tag": "noindex" }).json({ url });
  });
  return router;
}
