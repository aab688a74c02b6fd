import { z } from "zod";

// The schemas also run in the browser under a CSP without 'unsafe-eval'. zod's faster parsers are compiled with
// `new Function`, and merely probing for it logs a policy violation, so they stay off; these forms are small.
z.config({ jitless: true });

export { z };
