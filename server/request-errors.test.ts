import type { AddressInfo } from "node:net";
import { DrizzleQueryError } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";
import { malformedPathGuard, requestErrors } from "./request-errors";

/** An app whose routes fail the ways a real one can, with the log collected. */
async function serve() {
  const lines: string[] = [];
  const app = express();
  app.use(malformedPathGuard());
  app.get("/refused", () => {
    throw Object.assign(new Error("Forbidden"), { status: 403, expose: true });
  });
  app.get("/broken", () => {
    throw new TypeError("cannot read the thing");
  });
  app.get("/query", () => {
    // A query that failed while the database went away, with what a visitor typed as its parameter.
    const cause = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    throw new DrizzleQueryError('select "email" from "roadmap_withdrawals" where lower("email") = $1', ["typed@example.com"], cause);
  });
  app.get("/{*splat}", (_req, res) => void res.send("ok"));
  app.use(requestErrors({ error: (line: string) => void lines.push(line) }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, lines, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("errors while answering a request", () => {
  it("answers a malformed address with 400 and an expected refusal with its status, logging neither", async () => {
    const app = await serve();
    try {
      const malformed = await fetch(`${app.url}/%ZZ`);
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toBe("This address is malformed.\n");
      expect((await fetch(`${app.url}/refused`)).status).toBe(403);
      expect((await fetch(`${app.url}/fine%20path`)).status).toBe(200);
      expect(app.lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("logs a real error's stack once and answers 500 without it", async () => {
    const app = await serve();
    try {
      const broken = await fetch(`${app.url}/broken?email=typed@example.com`);
      expect(broken.status).toBe(500);
      expect(await broken.text()).not.toContain("cannot read");
      expect(app.lines).toHaveLength(1);
      expect(app.lines[0]).toMatch(/^TypeError: cannot read the thing\n\s+at /);
      expect(app.lines.join("\n")).not.toContain("typed@example.com");
    } finally {
      await app.close();
    }
  });

  it("logs a failed query with its SQL and the database's reason, never its parameters", async () => {
    const app = await serve();
    try {
      expect((await fetch(`${app.url}/query`)).status).toBe(500);
      expect(app.lines).toHaveLength(1);
      expect(app.lines[0]).toContain('Failed query: select "email" from "roadmap_withdrawals"');
      expect(app.lines[0]).toContain("params: (left out of the log)");
      expect(app.lines.join("\n")).not.toContain("typed@example.com");
    } finally {
      await app.close();
    }
  });
});
