import type { Transaction } from "~/lib/db/client.server";
import type { blogPosts } from "./tables";

/**
 * What a post's publication does besides going live, in its transaction (decision 039): a feature that acts on it
 * registers a hook (the newsletter drafts its issue), the composition root (server/services.ts, blogPublishHooks) gathers
 * them, and the editor's publish and the scheduled job are handed them. The blog names none of those features.
 */
export interface BlogPublishHooks {
  /** Runs whenever a change leaves the post published (its first publication, or any later one). */
  readonly onPublish?: readonly ((tx: Transaction, post: typeof blogPosts.$inferSelect) => Promise<unknown>)[];
}

export function combineBlogPublishHooks(...registered: BlogPublishHooks[]): BlogPublishHooks {
  return { onPublish: registered.flatMap((hooks) => hooks.onPublish ?? []) };
}
