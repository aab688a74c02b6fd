// What a publication of a collection does besides changing the pages (decision 039): each feature that acts on a
// collection registers its hook (the roadmap's shipped notices, the resources' newsletter drafts), the composition root
// (server/services.ts, contentPublishHooks) gathers them into one table, and every way of publishing (the editor, the
// scheduled job, `npm run content:import`) is handed that table. Site content names none of those features.
import type { Transaction } from "~/lib/db/client.server";
import { COLLECTION_NAMES, type CollectionName } from "./collection";
import type { SiteContent } from "./collections";

/** Runs in the publication's transaction, with what it publishes and what that replaces. */
export type PublishHook<Name extends CollectionName> = (
  tx: Transaction,
  entries: SiteContent[Name],
  previous: SiteContent[Name],
) => Promise<unknown>;

/** Each collection's `onPublish` hooks, in the order they run. */
export type PublishHooks = { readonly [Name in CollectionName]?: readonly PublishHook<Name>[] };

/** One table from the hooks each feature registers. */
export function combinePublishHooks(...registered: PublishHooks[]): PublishHooks {
  const table: { [Name in CollectionName]?: PublishHook<Name>[] } = {};
  for (const hooks of registered)
    for (const name of COLLECTION_NAMES) {
      const more = hooks[name] as PublishHook<CollectionName>[] | undefined;
      if (more)
        (table[name] as PublishHook<CollectionName>[] | undefined) = [...((table[name] as PublishHook<CollectionName>[]) ?? []), ...more];
    }
  return table;
}

export async function runPublishHooks(hooks: PublishHooks, name: CollectionName, tx: Transaction, entries: unknown[], previous: unknown[]) {
  for (const hook of (hooks[name] ?? []) as readonly PublishHook<CollectionName>[])
    await hook(tx, entries as SiteContent[CollectionName], previous as SiteContent[CollectionName]);
}
