import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readEnv } from "~/lib/env.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { seedDataDir } from "../support/pglite-template";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { copiesOf, expectOneEach, header, sendKilledHalfway } from "../support/server/copies";
import { OPERATOR_PASSWORD, operatorSession } from "../support/server/operators";
import { OUTBOX_WATCH_ENV } from "../support/server/outbox-watch";
import { createTestDatabase, TWO_INSTANCE_OUTBOX_ENV, type TestDatabase } from "../support/server/postgres";
import { NOT_MAILED, seedShippedItem, SHIPPED_ITEM, waiting, WAITING } from "../support/server/roadmap-notice";

// "Shipped means told" (decision 036), against the built server and a real SMTP server on loopback: a shipped item's notice
// reaches each of its 200 requesters and voters (merged ones included) once, with the one-click unsubscribe and the
// postal address, and nobody who withdrew, was erased, is suppressed or never confirmed; across a SIGKILL halfway and
// with two instances on one database, nobody gets two.

const EDITOR = "editor@replywise.example";
const PREFIX = "shipped-";
const everyone = Array.from({ length: WAITING }, (_, i) => waiting(i));

export function roadmapNoticeSuite(driver: "pglite" | "postgres") {
  describe(`a shipped item's notice on ${driver}`, () => {
    const cleanup: (() => Promise<unknown> | void)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    async function database() {
      const dataDir = mkdtempSync(path.join(tmpdir(), `replywise-notice-${driver}-`));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let pg: TestDatabase | null = null;
      if (driver === "postgres") {
        pg = await createTestDatabase();
        cleanup.push(() => pg!.destroy());
      } else seedDataDir(dataDir);
      const seeded = await seedShippedItem({ ...(pg ? { databaseUrl: pg.url } : {}), dataDir }, EDITOR);
      const env: Record<string, string> = {
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        DATA_DIR: dataDir,
        SECRET_KEY: "notice-test-secret-key-0123456789abcdef",
        // 200 copies in 2 s: paced (decision 025), yet no test waits long for the last.
        NEWSLETTER_RATE_PER_MINUTE: "6000",
        OUTBOX_POLL_SECONDS: "0.1",
        OUTBOX_RETRY_SECONDS: "0.5",
        OUTBOX_MAX_ATTEMPTS: "12",
        OUTBOX_LEASE_SECONDS: "2",
        ...OUTBOX_WATCH_ENV,
      };
      return { env, seeded };
    }

    async function server(env: Record<string, string>, smtp: SmtpSink) {
      const started = await startServer({ ...env, SMTP_URL: smtp.url });
      cleanup.push(() => started.stop());
      return started;
    }

    async function sendNow(site: RunningServer, issueId: number) {
      const post = await operatorSession(site.url, EDITOR, OPERATOR_PASSWORD, `/console/newsletter/${issueId}`);
      const response = await post(`/console/newsletter/${issueId}`, { intent: "send", version: "1", confirm: "yes" });
      expect(response.status).toBe(303);
    }

    it("reaches each of the 200 once, with its unsubscribe and postal address, and none who withdrew, was erased, is suppressed or unconfirmed", async () => {
      const { env, seeded } = await database();
      const smtp = await startSmtpSink();
      cleanup.push(() => smtp.close());
      const site = await server(env, smtp);
      await sendNow(site, seeded.issueId);
      const copies = await expectOneEach(site, smtp, PREFIX, everyone, 60_000);
      for (const email of Object.values(NOT_MAILED).flat()) expect(smtp.to(email), email).toHaveLength(0);
      for (const mail of copies) {
        expect(header(mail, "List-Unsubscribe")).toMatch(/<http[^>]+\/roadmap\/withdraw\?token=[^>]+>/);
        expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
        expect(mail.parsed.subject).toBe(`Shipped: ${SHIPPED_ITEM.name}`);
        expect(mail.parsed.text).toContain("See it on the roadmap");
        expect(mail.parsed.text).toContain(`/roadmap#${SHIPPED_ITEM.id}`);
      }
      expect(copies[0]!.parsed.text).toContain(readEnv({}).COMPANY_ADDRESS);
      // The one-click unsubscribe (RFC 8058) withdraws the address from the item: its vote no longer counts.
      const unsubscribe = /<(http[^>]+)>/.exec(header(copies[0]!, "List-Unsubscribe")!)![1]!;
      const oneClick = await fetch(unsubscribe.replace(/^https?:\/\/[^/]+/, site.url), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toMatch(/You(&#x27;|')re withdrawn/);
      // Nothing a visitor typed, and no address, in the server's log.
      expect(site.output()).not.toMatch(/waiting\.\d+@example\.com/i);
    }, 150_000);

    it("killed (SIGKILL) halfway through the send, the rest go out after the restart, and nobody gets two", async () => {
      const { env, seeded } = await database();
      const { smtp, site } = await sendKilledHalfway({
        env,
        killAt: WAITING / 2,
        send: (site) => sendNow(site, seeded.issueId),
        copies: (sink) => copiesOf(sink, PREFIX),
        cleanup,
      });
      await expectOneEach(site, smtp, PREFIX, everyone, 60_000);
    }, 150_000);

    if (driver === "postgres") {
      it("with two instances on one database, each goes out once", async () => {
        const { env, seeded } = await database();
        const smtp = await startSmtpSink();
        cleanup.push(() => smtp.close());
        const pair = { ...env, ...TWO_INSTANCE_OUTBOX_ENV, NEWSLETTER_RATE_PER_MINUTE: "0" };
        const a = await server(pair, smtp);
        await server(pair, smtp);
        await sendNow(a, seeded.issueId);
        await expectOneEach(a, smtp, PREFIX, everyone, 60_000);
      }, 150_000);
    }
  });
}
