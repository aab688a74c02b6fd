import type { PublicConfig } from "~/lib/env.server";

declare global {
  /** Replaced at build time by Vite's `define` (see vite.config.ts). */
  const __PUBLIC_CONFIG__: PublicConfig;
  /** The icon sprite's hashed URL (scripts/support/icon-sprite.ts). */
  const __ICON_SPRITE_URL__: string;
}
