import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";

// The access log leaves in batches (server/logger.ts): under load many lines a write, idle within moments, and on a
// clean stop nothing is left behind.

const accessLines = (output: string, route: string) =>
  output
    .split("\n")
    .filter((line) => line.includes('"reqId"'))
    .map((line) => JSON.parse(line) as { route: string })
    .filter((line) => line.route === route);

describe("the access log", () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it("writes a quiet server's line at once, and every line of a burst before the process stops", async () => {
    server = await startServer();
    await fetch(`${server.url}/about`);
    await expect.poll(() => accessLines(server!.output(), "/about").length, { timeout: 1000 }).toBe(1);

    const burst = 400;
    for (let start = 0; start < burst; start += 50) {
      await Promise.all(Array.from({ length: 50 }, () => fetch(`${server!.url}/pricing`).then((response) => response.arrayBuffer())));
    }
    await server.stop();
    const output = server.output();
    server = undefined;
    expect(accessLines(output, "/pricing")).toHaveLength(burst);
    expect(output.trimEnd().split("\n").at(-1)).toContain("stopping");
  });
});
