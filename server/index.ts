// The server's entry: vite.config.ts builds it beside React Router's server build (build/server/main.js next to
// index.js, sharing its chunks), so every module exists once in the running process and node runs plain JavaScript.
export { developmentApp, startServer } from "./main";
// For the build checks (scripts/support/built-pages.ts): the same context keys as the routes in this bundle.
export { requestContext } from "../app/context";
export { readEnv } from "../app/lib/env.server";
export { inMemoryServices } from "./services";
