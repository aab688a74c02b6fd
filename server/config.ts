// The server build's third entry (vite.config.ts): server.js loads it first and sets the configuration the process runs
// with before any module of the app loads, since app/content/site.ts reads it as it loads (docs/decisions/042).
export { defineAppGlobals } from "../app/lib/env.server";
