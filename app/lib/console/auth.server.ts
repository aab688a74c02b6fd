import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { operators } from "~/lib/db/schema/console";
import { recordAudit, UNKNOWN_ACTOR } from "~/lib/console/audit.server";
import { findOperator } from "./operators.server";
import { verifyPassword } from "./password.server";
import type { Role } from "./roles";
import { createSessionStore, type SessionOptions, type SessionStore } from "./session.server";
import { createSignInThrottle, type SignInThrottle, type SignInThrottleOptions } from "./throttle.server";
import { rateLimitRefused } from "~/lib/ops/metrics.server";

/** What the operator area needs from the server: sessions and the failed sign-in limits. */
export interface OperatorAuth {
  sessions: SessionStore;
  throttle: SignInThrottle;
}

export type OperatorAuthOptions = SessionOptions & SignInThrottleOptions;

export function createOperatorAuth(db: Database, options: OperatorAuthOptions, now?: () => number): OperatorAuth {
  return {
    sessions: createSessionStore(db, options, now),
    throttle: createSignInThrottle(db, options, now),
  };
}

export type SignInResult =
  { status: "signed-in"; setCookie: string; role: Role } | { status: "wrong" } | { status: "locked"; retryAfterSeconds: number };

/**
 * Checks the limits first (a try made before its wait is over is refused, even with the right password, and the same
 * way for an account that exists and one that does not), then the password; records the attempt in the audit log under
 * the account it names (or "unknown account", never what was typed).
 */
export async function signIn(
  db: Database,
  auth: OperatorAuth,
  { email, password, address }: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const retryAfterSeconds = await auth.throttle.blockedFor(email, address);
  if (retryAfterSeconds !== null) {
    rateLimitRefused("sign-in");
    return { status: "locked", retryAfterSeconds };
  }

  const operator = email.trim() === "" ? null : await findOperator(db, email);
  if (!(await verifyPassword(operator?.passwordHash ?? null, password)) || !operator) {
    await auth.throttle.recordFailure(email, address);
    await recordAudit(db, operator?.email ?? UNKNOWN_ACTOR, "sign-in-failed");
    return { status: "wrong" };
  }

  await auth.throttle.clearFailures(email, address);
  const setCookie = await auth.sessions.start(operator.id);
  await db.update(operators).set({ lastSignInAt: new Date() }).where(eq(operators.id, operator.id));
  await recordAudit(db, operator.email, "sign-in");
  return { status: "signed-in", setCookie, role: operator.role };
}
