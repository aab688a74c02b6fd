import { defineConfig } from "vitest/config";
import { appAlias, appDefine } from "./vite.config";

// Unit and server tests sit beside their code; browser journeys live in tests/e2e (Playwright).
export default defineConfig({
  resolve: { alias: appAlias },
  define: appDefine,
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    // The server tests mostly wait (on servers, databases, a mail server that is down for 30 s): more files at once
    // than cores keeps the run short on a 2-core machine.
    maxWorkers: 4,
    hookTimeout: 120_000,
  },
});
