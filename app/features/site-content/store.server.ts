// The published structured content as this process shows it (docs/decisions/035): read once, kept in memory, dropped
// on every change whichever instance made it (LISTEN/NOTIFY, as the blog's store), and with it the cached pages.
// Also the preview links: a signed token names a collection and when it expires, so any instance can check it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database, DatabaseHandle } from "~/lib/db/client.server";
import { isCollectionName, type CollectionName, type SiteContent } from "./collections";
import { CONTENT_CHANNEL } from "./changes.server";
import { findContent, loadPublished, workingCopy } from "./content.server";

export const PREVIEW_HOURS = 72;

export interface SiteContentStore {
  /** The content as published now: loaded on first use after a change, shared by every request until the next one. */
  current(): Promise<SiteContent>;
  /** The collection as its editor last left it (the draft, or what goes live next), for a preview. */
  workingCopy(name: CollectionName): Promise<unknown[]>;
  changed(): void;
  onChange(listener: () => void): void;
  /** A preview link's token for a collection, valid until `expiresAt`. */
  previewToken(name: CollectionName, expiresAt: Date): string;
  /** The collection a preview token opens, or null (forged, or expired). */
  previewOf(token: string): CollectionName | null;
}

export function createSiteContentStore(
  db: Database,
  ready: () => Promise<void> = async () => {},
  previewKey = randomBytes(32),
): SiteContentStore {
  let loading: Promise<SiteContent> | undefined;
  const listeners: (() => void)[] = [];
  const sign = (payload: string) => createHmac("sha256", previewKey).update(`content-preview:${payload}`).digest("base64url");

  return {
    current() {
      const promise = (loading ??= ready().then(() => loadPublished(db)));
      // A load that fails (the database is away) is not kept: the next request tries again.
      promise.catch(() => {
        if (loading === promise) loading = undefined;
      });
      return promise;
    },
    async workingCopy(name) {
      await ready();
      const row = await findContent(db, name);
      if (!row) return (await loadPublished(db))[name];
      return workingCopy(row);
    },
    changed() {
      loading = undefined;
      for (const listener of listeners) listener();
    },
    onChange(listener) {
      listeners.push(listener);
    },
    previewToken(name, expiresAt) {
      const payload = `${name}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${sign(payload)}`;
    },
    previewOf(token) {
      const [name, expires, signature = ""] = token.split(".");
      const payload = `${name}.${expires}`;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!isCollectionName(name) || Number(expires) * 1000 < Date.now()) return null;
      return name;
    },
  };
}

/** Every instance drops its content (and its cached pages) when any of them publishes, and when the listener reconnects. */
export async function listenForContentChanges(handle: Pick<DatabaseHandle, "listen">, store: SiteContentStore) {
  await handle.listen(
    CONTENT_CHANNEL,
    () => store.changed(),
    () => store.changed(),
  );
}
