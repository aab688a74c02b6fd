import { stat } from "node:fs/promises";
import path from "node:path";

const RESOURCES_DIR = path.join(process.cwd(), "public", "resources");
const UNITS = ["B", "KB", "MB", "GB"] as const;

/** "1.2 MB" style: one decimal under 10 units, whole numbers above, 1 KB = 1024 B. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${rounded} ${UNITS[unit]}`;
}

/** Sizes of the generated downloads, read at build/prerender time; a file not built yet gets no size. */
export async function resourceFileSizes(files: readonly string[], dir = RESOURCES_DIR): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    files.map(async (file) => {
      try {
        const info = await stat(path.join(dir, path.basename(file)));
        return [file, formatFileSize(info.size)] as const;
      } catch {
        return [file, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
