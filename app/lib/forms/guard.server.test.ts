import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import type { RateLimitDecision, RateLimiter } from "~/lib/rate-limit.server";
import { formPostGuard, readFormPost, type GuardServices } from "./guard.server";
import { MIN_FILL_MS, type FormLimit } from "./limits";

/** A limiter that answers from a script and remembers each question. */
function scriptedLimiter(...answers: RateLimitDecision[]) {
  const asked: string[] = [];
  const rateLimiter: RateLimiter = {
    hit: async (bucket, address) => {
      asked.push(`${bucket} ${address}`);
      return answers.shift() ?? { allowed: true, retryAfterSeconds: 1, repeat: false };
    },
  };
  return { asked, services: { database: { ready: async () => {} }, rateLimiter } };
}

const post = (body = "website=&email=a%40b.co") =>
  new Request("http://localhost/forms/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

function servicesOf(limiter: ReturnType<typeof scriptedLimiter>, decided?: FormLimit): GuardServices {
  return {
    database: { ready: async () => {} },
    rateLimiter: limiter.services.rateLimiter,
    clientAddress: "198.51.100.4",
    formLimit: decided ?? null,
    minFillMs: MIN_FILL_MS,
  };
}

describe("a form post asks the limiter once", () => {
  it("in the action, when the server's guard has not asked", async () => {
    const limiter = scriptedLimiter({ allowed: false, retryAfterSeconds: 42, repeat: false });
    const { answer } = await readFormPost("newsletter", post(), servicesOf(limiter));
    expect(answer?.init?.status).toBe(429);
    expect(new Headers(answer?.init?.headers).get("Retry-After")).toBe("42");
    expect(limiter.asked).toEqual(["newsletter 198.51.100.4"]);
  });

  it("not again in the action when the guard already has", async () => {
    const limiter = scriptedLimiter();
    const refused = await readFormPost(
      "newsletter",
      post(),
      servicesOf(limiter, { status: "refused", retryAfterSeconds: 7, repeat: false }),
    );
    expect(refused.answer?.init?.status).toBe(429);
    const allowed = await readFormPost("newsletter", post(), servicesOf(limiter, { status: "allowed" }));
    expect(allowed.formData?.get("email")).toBe("a@b.co");
    const away = await readFormPost("newsletter", post(), servicesOf(limiter, { status: "unavailable" }));
    expect(away.answer?.init?.status).toBe(503);
    expect(limiter.asked).toEqual([]);
  });

  it("in the guard, which refuses a repeat at once and hands any other answer on", async () => {
    const limiter = scriptedLimiter(
      { allowed: true, retryAfterSeconds: 1, repeat: false },
      { allowed: false, retryAfterSeconds: 30, repeat: false },
      { allowed: false, retryAfterSeconds: 29, repeat: true },
    );
    const handedOn: unknown[] = [];
    const app = express();
    app.use(formPostGuard(limiter.services, "https://replywise.example"));
    app.post("/{*splat}", (_req, res) => {
      handedOn.push(res.locals.formLimit);
      res.send("reached the action");
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statuses = [];
      // As a form sends it: a string body alone would go as text/plain, which the guard refuses with 415.
      const body = new URLSearchParams({ x: "1" });
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/forms/newsletter`, { method: "POST", body })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect(handedOn).toEqual([{ status: "allowed" }, { status: "refused", retryAfterSeconds: 30, repeat: false }]);
      expect(limiter.asked).toHaveLength(3);
      // A page without a form is none of the guard's business.
      expect((await fetch(`${url}/pricing`, { method: "POST", body: "x=1" })).status).toBe(200);
      expect(limiter.asked).toHaveLength(3);
    } finally {
      server.close();
    }
  });
});
