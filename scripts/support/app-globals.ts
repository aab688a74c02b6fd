import { defineAppGlobals } from "../../app/lib/env.server";

// Imported first by a script tsx runs that imports a feature's public module: what Vite would have defined (decision 039).
defineAppGlobals();
