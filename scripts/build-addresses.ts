// No address is baked into the build (product decision 23, docs/decisions/042): the browser files hold none, the
// prerendered files hold the stand-in origins only in the forms the server rewrites as it starts, and the address the
// build's environment names (SITE_URL, APP_URL, their defaults when unset) is nowhere in what the server sends.
import "./support/app-globals";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BUILD_ORIGIN_HOST, BUILD_ORIGINS, strayBuildOrigins } from "../app/lib/build-origins.server";
import { readEnv } from "../app/lib/env.server";
import { CLIENT_DIR } from "./support/built-pages";

/** The files the server reads into memory and rewrites (server/static-files.ts): text, not their encoded copies. */
const TEXT = /\.(html|data|js|css|svg|json|xml|txt|webmanifest)$/;

/** Prints each problem; true when there is none. */
export function checkBuildAddresses(clientDir = CLIENT_DIR): boolean {
  const env = readEnv();
  const baked = [env.SITE_URL, env.APP_URL].flatMap((address) => [address, encodeURIComponent(address)]);
  const problems: string[] = [];
  let standIns = 0;
  for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((name) => TEXT.test(name))) {
    const text = readFileSync(path.join(clientDir, file), "utf8");
    for (const address of baked) if (text.includes(address)) problems.push(`${file} holds the build's address ${address}`);
    if (!text.includes(BUILD_ORIGIN_HOST)) continue;
    standIns += 1;
    if (file.startsWith(`assets${path.sep}`))
      problems.push(`${file}, a browser file, holds a stand-in origin: the browser reads addresses from the page`);
    const stray = strayBuildOrigins(text);
    if (stray > 0) problems.push(`${file} names ${BUILD_ORIGIN_HOST} ${stray} times in a form the server does not rewrite`);
  }
  // The prerender ran under the stand-ins: without any, it rendered under some other address.
  if (standIns === 0) problems.push(`no prerendered file names ${BUILD_ORIGINS.SITE_URL}: the prerender did not use the stand-in origins`);
  for (const problem of problems) console.error(`Build addresses: ${problem}`);
  if (problems.length === 0)
    console.log(`Build addresses: ${standIns} prerendered files name the stand-in origins, rewritten at start; no address baked in.`);
  return problems.length === 0;
}
