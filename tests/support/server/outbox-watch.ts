import { expect } from "vitest";
import type { RunningServer } from "../serve-build";

// What a test waits for instead of a fixed sleep: the outbox as the server under test reports it on /metrics (decision
// 020), on either database (a PGlite folder is the server's alone). A test that waits for "nothing more will come"
// waits until no job is waiting or in hand: from then on no message can arrive that has not arrived (decision 017).

const TOKEN = "outbox-watch-metrics-token-0123456789";

/** The server's variables that turn on the /metrics these helpers read. */
export const OUTBOX_WATCH_ENV = { METRICS_TOKEN: TOKEN };

/** The samples of a Prometheus text body, as `name{labels}` → value. */
export function metricSamples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) found.set(match[1]!, Number(match[2]));
  }
  return found;
}

/** The outbox's jobs by status, and its delivery attempts by result (sent, retry, failed, suppressed), of every kind. */
export async function outboxState(server: Pick<RunningServer, "url">) {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}: start the server with OUTBOX_WATCH_ENV`);
  const found = metricSamples(await response.text());
  if (found.get("replywise_database_up") === 0) throw new Error("the database is away: the outbox's figures are stale");
  const jobs = (status: string) => found.get(`replywise_outbox_jobs{status="${status}"}`) ?? 0;
  const attempts = (result: string) =>
    [...found]
      .filter(([name]) => name.startsWith("replywise_outbox_deliveries_total{") && name.includes(`result="${result}"`))
      .reduce((sum, [, n]) => sum + n, 0);
  return {
    pending: jobs("pending"),
    sending: jobs("sending"),
    sent: jobs("sent"),
    failed: jobs("failed"),
    suppressed: jobs("suppressed"),
    /** Attempts that failed and were put back to wait for their retry, since this server started. */
    retries: attempts("retry"),
  };
}

/**
 * Waits until the outbox holds no job waiting (due or retrying) or in hand, and at least `sent` sent: whatever was
 * going to be delivered has been, once or twice, so a count read now is final.
 */
export async function outboxSettled(server: Pick<RunningServer, "url">, { timeout = 60_000, sent = 0 } = {}) {
  await expect
    .poll(
      async () => {
        const state = await outboxState(server);
        return state.pending === 0 && state.sending === 0 && state.sent >= sent;
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
}
