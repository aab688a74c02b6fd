import path from "node:path";

/** The built client: the files the production server serves, with the prerendered pages and hashed assets. */
export const BUILD_CLIENT_DIR = path.resolve("build", "client");
