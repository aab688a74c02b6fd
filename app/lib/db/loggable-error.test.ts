import { format } from "node:util";
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loggableError, loggableMessage } from "./loggable-error";

describe("loggableError", () => {
  it("leaves a failed query's parameters out of its message, stack and properties, and keeps the query and the reason", () => {
    const cause = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const failed = new DrizzleQueryError(
      'select "email" from "roadmap_withdrawals" where lower("email") = $1',
      ["ada.visitor@example.com"],
      cause,
    );
    expect(format(failed)).toContain("ada.visitor@example.com");
    const printed = format(loggableError(failed));
    expect(printed).not.toContain("ada.visitor@example.com");
    expect(printed).toContain('select "email" from "roadmap_withdrawals"');
    expect(printed).toContain("params: (left out of the log)");
    expect(printed).toContain("57P01");
    expect(printed).toMatch(/\n\s+at /);
    expect(loggableMessage(failed)).toBe(
      'Failed query: select "email" from "roadmap_withdrawals" where lower("email") = $1\nparams: (left out of the log)',
    );
  });

  it("leaves any other error as it is", () => {
    const error = new Error("boom");
    expect(loggableError(error)).toBe(error);
    expect(loggableError("text")).toBe("text");
  });
});
