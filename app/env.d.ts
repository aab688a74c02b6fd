import type { PublicConfig } from "~/lib/env.server";

declare global {
  /**
   * The public configuration, read when the process starts (docs/decisions/042): set on globalThis by server.js (or a
   * script, a test's config) before the app's modules load, and in the browser by the document's inline script.
   */
  const __PUBLIC_CONFIG__: PublicConfig;
  /** The icon sprite's hashed URL (scripts/support/icon-sprite.ts). */
  const __ICON_SPRITE_URL__: string;
}
