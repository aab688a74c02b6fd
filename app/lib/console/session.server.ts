import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Database } from "~/lib/db/client.server";
import { operators, operatorSessions } from "~/lib/db/schema/console";
import type { Role } from "./roles";

// Operator sessions: a random token in a signed, HttpOnly cookie the console reads; the database keeps only its
// SHA-256 with the times that end it (idle and absolute), so signing out, signing out everywhere and expiry hold on
// every instance at once. Cookie signing is React Router's (createCookie: HMAC-SHA256 with a key derived from SECRET_KEY).

export interface SessionOptions {
  secret: string;
  /** Secure cookie, and the `__Secure-` name: the site is served over HTTPS (SITE_URL). */
  secure: boolean;
  idleMinutes: number;
  maxHours: number;
}

export interface SignedInOperator {
  operatorId: number;
  email: string;
  /** Read with the session on every request, so a changed role applies at once. */
  role: Role;
  /** The zone the console writes this operator's times in (decision 045), read with the session so a change applies at once. */
  timeZone: string;
  /** The session's id (the token's hash): names "this session" on the account page. */
  sessionId: string;
  /** The anti-forgery token every state-changing console form carries. */
  csrfToken: string;
}

export type SessionLookup = { status: "signed-in"; operator: SignedInOperator } | { status: "expired" } | { status: "none" };

export interface SessionStore {
  /** Starts a session; returns the Set-Cookie header value. */
  start(operatorId: number): Promise<string>;
  read(request: Request): Promise<SessionLookup>;
  /** Ends the session the request carries; returns the Set-Cookie header value that removes the cookie. */
  end(request: Request): Promise<string>;
  /** Ends every session of the operator (sign out everywhere, a new password, a removed account). */
  endAll(operatorId: number): Promise<void>;
  list(operatorId: number): Promise<{ id: string; createdAt: Date; lastSeenAt: Date }[]>;
  verifyCsrf(operator: SignedInOperator, token: unknown): boolean;
  /** Deletes sessions past either limit (the scheduled purge). */
  purgeExpired(): Promise<number>;
}

/** The whole site, as before the console had one address (decision 030): public pages never read it. */
export const SESSION_COOKIE_PATH = "/";
/** How stale `last_seen_at` may get before a request refreshes it: one write a minute, not one per request. */
const TOUCH_AFTER_MS = 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function sessionCookieName(secure: boolean) {
  return secure ? "__Secure-replywise-operator" : "replywise-operator";
}

export function createSessionStore(db: Database, options: SessionOptions, now: () => number = Date.now): SessionStore {
  const cookie = createCookie(sessionCookieName(options.secure), {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: SESSION_COOKIE_PATH,
    secrets: [options.secret],
  });
  const idleMs = options.idleMinutes * 60_000;
  const csrfFor = (sessionId: string) => createHmac("sha256", options.secret).update(`csrf:${sessionId}`).digest("base64url");

  async function sessionIdOf(request: Request): Promise<string | null> {
    const token: unknown = await cookie.parse(request.headers.get("Cookie"));
    return typeof token === "string" && token.length >= 32 ? sha256(token) : null;
  }

  const expiredBefore = (at: number) =>
    or(lt(operatorSessions.lastSeenAt, new Date(at - idleMs)), lt(operatorSessions.expiresAt, new Date(at)));

  return {
    async start(operatorId) {
      const token = randomBytes(32).toString("base64url");
      await db.insert(operatorSessions).values({
        id: sha256(token),
        operatorId,
        createdAt: new Date(now()),
        lastSeenAt: new Date(now()),
        expiresAt: new Date(now() + options.maxHours * 3_600_000),
      });
      return cookie.serialize(token);
    },

    async read(request) {
      const id = await sessionIdOf(request);
      if (!id) return { status: "none" };
      const [row] = await db
        .select({
          id: operatorSessions.id,
          operatorId: operatorSessions.operatorId,
          lastSeenAt: operatorSessions.lastSeenAt,
          expiresAt: operatorSessions.expiresAt,
          email: operators.email,
          role: operators.role,
          timeZone: operators.timeZone,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.id, id));
      if (!row) return { status: "expired" };
      const at = now();
      if (row.lastSeenAt.getTime() + idleMs <= at || row.expiresAt.getTime() <= at) {
        await db.delete(operatorSessions).where(eq(operatorSessions.id, id));
        return { status: "expired" };
      }
      if (at - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await db
          .update(operatorSessions)
          .set({ lastSeenAt: new Date(at) })
          .where(eq(operatorSessions.id, id));
      }
      return {
        status: "signed-in",
        operator: {
          operatorId: row.operatorId,
          email: row.email,
          role: row.role,
          timeZone: row.timeZone,
          sessionId: id,
          csrfToken: csrfFor(id),
        },
      };
    },

    async end(request) {
      const id = await sessionIdOf(request);
      if (id) await db.delete(operatorSessions).where(eq(operatorSessions.id, id));
      return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
    },

    async endAll(operatorId) {
      await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
    },

    async list(operatorId) {
      const at = now();
      return db
        .select({ id: operatorSessions.id, createdAt: operatorSessions.createdAt, lastSeenAt: operatorSessions.lastSeenAt })
        .from(operatorSessions)
        .where(and(eq(operatorSessions.operatorId, operatorId), sql`NOT (${expiredBefore(at)})`))
        .orderBy(sql`${operatorSessions.lastSeenAt} DESC`);
    },

    verifyCsrf(operator, token) {
      if (typeof token !== "string") return false;
      const expected = Buffer.from(csrfFor(operator.sessionId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async purgeExpired() {
      const deleted = await db.delete(operatorSessions).where(expiredBefore(now())).returning({ id: operatorSessions.id });
      return deleted.length;
    },
  };
}
