import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { readFile, rename, unlink, writeFile } from "node:fs/promises";
import type { OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { Encoded } from "./variants";

// The last good rendering of each cached page, on disk under DATA_DIR, so that a server restarted while the database is
// away still answers it (product decision 21, docs/decisions/027). Written when a page renders whole, read only when a
// render fails: while the database answers, a fresh render always wins. One folder per build: a page of another build
// names scripts and stylesheets this one does not have.

export interface StoredPage {
  url: string;
  /** The route pattern, for the access log. */
  route: string;
  /** The page's own headers (Content-Type, Cache-Control, its CSP), without the security headers of the day. */
  headers: OutgoingHttpHeaders;
  encoded: Encoded;
}

export interface PageStore {
  save(page: StoredPage): void;
  load(url: string): Promise<StoredPage | undefined>;
  /** The URL now answers something else for good (a post taken down): its last rendering must not come back. */
  remove(url: string): void;
  /** Waits for the writes under way: a server stopping must not leave a rendering it answered unwritten. */
  flush(): Promise<void>;
}

export function createPageStore(dataDir: string, buildVersion: string, onError: (message: string) => void): PageStore {
  const root = path.resolve(dataDir, "pages");
  const dir = path.join(root, buildVersion.replace(/[^\w.-]/g, "_"));
  mkdirSync(dir, { recursive: true });
  for (const other of readdirSync(root))
    if (path.join(root, other) !== dir) rmSync(path.join(root, other), { recursive: true, force: true });
  // What a process stopped mid-write left.
  for (const file of readdirSync(dir)) if (file.endsWith(".tmp")) rmSync(path.join(dir, file), { force: true });

  const fileOf = (url: string) => path.join(dir, `${createHash("sha256").update(url).digest("hex").slice(0, 32)}.page`);
  let warned = false;
  const failed = (error: unknown) => {
    // Once: a full or read-only disk would otherwise say so on every render.
    if (warned) return;
    warned = true;
    onError(`Pages cannot be kept on disk for an outage (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  };

  const writing = new Set<Promise<void>>();
  const track = (write: Promise<void>) => {
    writing.add(write);
    void write.finally(() => writing.delete(write));
  };

  return {
    save(page) {
      const file = fileOf(page.url);
      const temporary = `${file}.${process.pid}.tmp`;
      // Renamed into place: a process killed mid-write leaves the previous copy whole.
      track(
        writeFile(temporary, serialize(page))
          .then(() => rename(temporary, file))
          .catch(failed),
      );
    },
    async load(url) {
      try {
        const page = deserialize(await readFile(fileOf(url))) as StoredPage;
        if (page.url !== url) return undefined;
        const buffer = (bytes: Uint8Array | undefined) =>
          bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
        return {
          ...page,
          encoded: { identity: buffer(page.encoded.identity)!, br: buffer(page.encoded.br), gzip: buffer(page.encoded.gzip) },
        };
      } catch {
        return undefined;
      }
    },
    remove(url) {
      track(unlink(fileOf(url)).catch(() => {}));
    },
    async flush() {
      await Promise.all(writing);
    },
  };
}
