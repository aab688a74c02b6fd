import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { outageSuite } from "./outage.suite";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

outageSuite("postgres");

describe("the first form posts after PostgreSQL comes back", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    pg = await createTestDatabase();
    server = await startServer({ DATABASE_URL: pg.url, RATE_LIMIT_MAX: "1000" });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
  });

  const postContact = (i: number) =>
    fetch(`${server.url}/forms/contact.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ website: "", name: `Visitor ${i}`, email: `back${i}@example.com`, message: `After the outage ${i}` }),
    }).then((response) => response.status);

  it("are stored, though the database ended every pooled connection (57P01) while it was away", async () => {
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    // Posts side by side open several of the pool's connections.
    expect(await Promise.all(Array.from({ length: 6 }, (_, i) => postContact(i)))).toEqual(Array(6).fill(200));
    // The server's process is paused meanwhile (a busy event loop): the connections' ends wait unread in their sockets.
    server.child.kill("SIGSTOP");
    await pg.stop();
    await pg.start();
    server.child.kill("SIGCONT");
    expect(await Promise.all(Array.from({ length: 6 }, (_, i) => postContact(6 + i)))).toEqual(Array(6).fill(200));
  }, 60_000);
});
