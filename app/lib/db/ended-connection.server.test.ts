import { describe, expect, it } from "vitest";
import { retryIfEnded } from "./ended-connection.server";

const ended = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("retryIfEnded", () => {
  it("tries again while the connection it met had been ended, and answers the first success", async () => {
    let calls = 0;
    const answer = await retryIfEnded(async () => {
      calls += 1;
      if (calls <= 3) throw new Error("query failed", { cause: ended() });
      return "stored";
    }, 10);
    expect(answer).toBe("stored");
    expect(calls).toBe(4);
  });

  it("counts the driver's closed socket as an ended connection too", async () => {
    let calls = 0;
    const answer = await retryIfEnded(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
      return "stored";
    });
    expect(answer).toBe("stored");
  });

  it("gives up after one try per pooled connection", async () => {
    let calls = 0;
    const attempt = () => {
      calls += 1;
      return Promise.reject(ended());
    };
    await expect(retryIfEnded(attempt, 3)).rejects.toMatchObject({ code: "57P01" });
    expect(calls).toBe(4);
  });

  it("never retries another failure", async () => {
    let calls = 0;
    const attempt = () => {
      calls += 1;
      return Promise.reject(Object.assign(new Error("unique violation"), { code: "23505" }));
    };
    await expect(retryIfEnded(attempt)).rejects.toThrow("unique violation");
    expect(calls).toBe(1);
  });
});
