// The experiments feature's public module for server code (decision 039). The assignment hashes with node:crypto, so it
// is server code too: a page learns its variant from the server.

export { variantOf, type VariantShare } from "./assignment";
export { experimentFigures, type ExperimentWindow, type VariantFigures } from "./figures.server";
