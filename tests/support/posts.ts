import type { SearchablePost } from "~/features/blog";

/** A post as the list and the search see it, with what a test changes. */
export function searchablePost(over: Partial<SearchablePost> = {}): SearchablePost {
  const id = over.id ?? 1;
  const slug = over.slug ?? (id === 1 ? "a" : `post-${id}`);
  return {
    id,
    slug,
    title: "Title",
    excerpt: "Excerpt",
    category: "Tutorials",
    date: "2025-01-01",
    dateLabel: "January 1, 2025",
    author: "A. Writer",
    image: { src: `/images/blog/${slug}.webp`, width: 1200, height: 675, alt: "" },
    tags: [],
    readTime: "1 min read",
    searchText: "",
    ...over,
  };
}
