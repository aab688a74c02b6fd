import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { readEnv } from "../app/lib/env.server";
import { createApp } from "./app";
import { createFormServices } from "./forms";

const buildDir = path.resolve("build");
const serverEntry = path.join(buildDir, "server", "index.js");

// `npm start` on a fresh clone: build once, then serve.
if (!existsSync(serverEntry)) {
  console.log("No build found: running `npm run build` first.");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = readEnv();
const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const { services: forms, handle: database } = await createFormServices(env);
const app = createApp({ env, build, buildDir, forms });

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`Replywise web listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // PGlite holds its data folder until closed: close it after the last request so nothing is cut short.
  server.close(() => {
    database.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
