import type { PostSummary } from "./blog";

// Stub until the blog content loader lands: the home page shows its empty state.
export function getAllPosts(): PostSummary[] {
  return [];
}

export function getRecentPosts(_count = 3): PostSummary[] {
  return [];
}
