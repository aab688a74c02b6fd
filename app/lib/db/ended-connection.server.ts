import { POOL_SIZE } from "./client.server";

// A pooled PostgreSQL connection the database ended while it was away (admin_shutdown, 57P01: a restart, a failover, an
// operator's terminate) is found out by the first query that uses it, after the database is back: it fails with 57P01, or
// with the driver's CONNECTION_CLOSED when the socket's end is read first. The pool drops the connection; the next try
// may meet another ended one, but never more than the pool holds. Only for work that is safe to run twice (a post's
// receipt deduplicates it).

const ENDED_CODES = new Set(["57P01", "CONNECTION_CLOSED"]);

/** Whether the error (or one it wraps: drizzle puts the driver's in `cause`) says the connection had been ended. */
export function endedConnection(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (ENDED_CODES.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}

/** Runs `attempt`, again while it fails on a connection the database had ended: at most once per pooled connection. */
export async function retryIfEnded<T>(attempt: () => Promise<T>, connections = POOL_SIZE): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!endedConnection(error) || tries > connections) throw error;
    }
  }
}
