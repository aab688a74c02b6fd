import { publicConfig, readEnv } from "../../app/lib/env.server";

// What Vite writes into the app at build time (vite.config.ts `define`), for the scripts tsx runs without it: a
// feature's public module loads the site's facts (app/content/site.ts reads __PUBLIC_CONFIG__ as it loads), so a script
// that imports one imports this first (decision 039). The icon sprite's URL is left out: only a rendered icon reads it.
Object.assign(globalThis, { __PUBLIC_CONFIG__: publicConfig(readEnv()) });
