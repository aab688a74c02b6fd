import { and, eq, inArray } from "drizzle-orm";
import type { ContentPages } from "~/features/redirects/index.server";
import { blogPosts, blogSlugRedirects } from "./tables";

/**
 * A post's address answers once the post is published, and a former address of a published post is the blog's own
 * redirect: the redirect manager asks here before it takes either (decision 034), without knowing the blog (decision 039).
 */
export const postPages: ContentPages = {
  route: "/blog/:slug",
  keyOf: (routerPath) => routerPath.split("/")[2] ?? "",
  async owners(db, slugs, live) {
    const owners = new Map<string, string>();
    const published = live ? eq(blogPosts.status, "published") : undefined;
    const posts = await db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(inArray(blogPosts.slug, [...slugs]), published));
    for (const { slug } of posts) owners.set(slug, live ? "a published blog post" : "a blog post (published or in the editor)");
    const former = await db
      .select({ slug: blogSlugRedirects.slug })
      .from(blogSlugRedirects)
      .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
      .where(and(inArray(blogSlugRedirects.slug, [...slugs]), published));
    for (const { slug } of former) owners.set(slug, "a post's former address, which the blog already sends to the post");
    return owners;
  },
};
