import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { operators } from "~/lib/db/schema";
import type { Env } from "~/lib/env.server";
import { recordAudit, UNKNOWN_ACTOR } from "~/lib/inbox/audit.server";
import { findOperator } from "./operators.server";
import { verifyPassword } from "./password.server";
import { derivedKey, loadRootKey } from "~/lib/secrets.server";
import { createSessionStore, type SessionOptions, type SessionStore } from "./session.server";
import { createSignInThrottle, type SignInThrottle, type SignInThrottleOptions } from "./throttle.server";

/** What the operator area needs from the server: sessions and the failed sign-in limits. */
export interface OperatorAuth {
  sessions: SessionStore;
  throttle: SignInThrottle;
  /** The site's own origins: a state-changing inbox request from anywhere else is forged. */
  siteOrigin: string;
}

export interface OperatorAuthOptions extends SessionOptions, SignInThrottleOptions {
  siteOrigin: string;
}

export function createOperatorAuth(db: Database, options: OperatorAuthOptions, now?: () => number): OperatorAuth {
  return {
    sessions: createSessionStore(db, options, now),
    throttle: createSignInThrottle(db, options, now),
    siteOrigin: options.siteOrigin,
  };
}

/** The server's settings for it, from the environment. */
export function operatorAuthFor(db: Database, env: Env): OperatorAuth {
  const siteOrigin = new URL(env.SITE_URL).origin;
  const rootKey = loadRootKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR });
  return createOperatorAuth(db, {
    secret: derivedKey(rootKey, "operator-session").toString("base64url"),
    rateLimitKey: derivedKey(rootKey, "rate-limit"),
    secure: siteOrigin.startsWith("https:"),
    idleMinutes: env.SESSION_IDLE_MINUTES,
    maxHours: env.SESSION_MAX_HOURS,
    maxPerAccount: env.SIGN_IN_MAX_FAILURES,
    maxPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    windowSeconds: env.SIGN_IN_WINDOW_MINUTES * 60,
    siteOrigin,
  });
}

export type SignInResult =
  { status: "signed-in"; setCookie: string } | { status: "wrong" } | { status: "locked"; retryAfterSeconds: number };

/**
 * Checks the limits first (a locked account is refused even with the right password), then the password; records the
 * attempt in the audit log under the account it names (or "unknown account", never what was typed).
 */
export async function signIn(
  db: Database,
  auth: OperatorAuth,
  { email, password, address }: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const retryAfterSeconds = await auth.throttle.blockedFor(email, address);
  if (retryAfterSeconds !== null) return { status: "locked", retryAfterSeconds };

  const operator = email.trim() === "" ? null : await findOperator(db, email);
  if (!(await verifyPassword(operator?.passwordHash ?? null, password)) || !operator) {
    await auth.throttle.recordFailure(email, address);
    await recordAudit(db, operator?.email ?? UNKNOWN_ACTOR, "sign-in-failed");
    return { status: "wrong" };
  }

  await auth.throttle.clearAccount(email);
  const setCookie = await auth.sessions.start(operator.id);
  await db.update(operators).set({ lastSignInAt: new Date() }).where(eq(operators.id, operator.id));
  await recordAudit(db, operator.email, "sign-in");
  return { status: "signed-in", setCookie };
}
