import { createHmac, randomBytes } from "node:crypto";
import type { Post } from "./post";
import { createBlog, type Blog } from "./snapshot.server";
import type { Database, DatabaseHandle } from "~/lib/db/client.server";
import { BLOG_CHANNEL, loadPublished } from "./posts.server";

// The published blog as this process shows it (docs/decisions/023): read from the database once, kept in memory, and
// dropped on every change, whichever instance made it (PostgreSQL's LISTEN/NOTIFY; PGlite delivers its own NOTIFYs
// the same way). Pages rendered from it are cached by the server (server/page-cache.ts) and dropped with it.

export interface BlogStore {
  /** The blog as published now: loaded on first use after a change, shared by every request until the next one. */
  current(): Promise<Blog>;
  /** Drops what is kept (a change was committed here or elsewhere) and tells the listeners. */
  changed(): void;
  /** Called after every change, e.g. to drop the cached pages. */
  onChange(listener: () => void): void;
  /** A preview link's token, from its id and the site's key: the same on every instance and every visit. */
  previewToken(linkId: number): string;
}

/** `previewKey`: derived from the site's root key (server/services.ts); a random one makes links shown only once. */
export function createBlogStore(db: Database, ready: () => Promise<void> = async () => {}, previewKey = randomBytes(32)): BlogStore {
  let version = 0;
  let loading: Promise<Blog> | undefined;
  const listeners: (() => void)[] = [];
  // Each published row's post as last converted, reused while the row is unchanged.
  const converted = new Map<string, Post>();

  function load(): Promise<Blog> {
    const started = version;
    const promise = ready()
      .then(() => loadPublished(db, converted))
      .then((content) => createBlog({ ...content, version: started }));
    // A load that fails (the database is away) is not kept: the next request tries again.
    promise.catch(() => {
      if (loading === promise) loading = undefined;
    });
    return promise;
  }

  return {
    current() {
      loading ??= load();
      return loading;
    },
    changed() {
      version += 1;
      loading = undefined;
      for (const listener of listeners) listener();
    },
    onChange(listener) {
      listeners.push(listener);
    },
    previewToken(linkId) {
      return createHmac("sha256", previewKey).update(`preview-link:${linkId}`).digest("base64url");
    },
  };
}

/** Every instance drops its blog when any of them commits a change (and when the listener reconnects). */
export async function listenForChanges(handle: Pick<DatabaseHandle, "listen">, store: BlogStore) {
  await handle.listen(
    BLOG_CHANNEL,
    () => store.changed(),
    () => store.changed(),
  );
}
