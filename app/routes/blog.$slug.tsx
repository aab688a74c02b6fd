import { data, Link, redirect } from "react-router";
import {
  BLOG_FEED_LINK,
  CoverImage,
  coverPreload,
  ARTICLE_IMAGE_SIZES,
  PostArticle,
  ShareButton,
  getAuthor,
  COVER_HEIGHT,
  COVER_WIDTH,
  coverShareImage,
  RECENT_POSTS_ON_POST,
  type PostSummary,
} from "~/features/blog";
import { Container } from "~/components/layout/container";
import { PageError, pageErrorMeta } from "~/components/sections/page-error";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { blogListPath, blogPostPath } from "~/content/paths";
import { site } from "~/content/site";
import { blogOf } from "~/context";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";
import { absoluteUrl, buildMeta, jsonLd, pageTitle } from "~/lib/meta";
import type { Route } from "./+types/blog.$slug";

// Nothing of its own to run: the Share button is the frame script's (decision 012), so a post ships no React. The same
// for every reader until a post changes: rendered once per change (docs/decisions/023).
export const handle = { ...staticPage, ...cachedPage };

export const links: Route.LinksFunction = () => [BLOG_FEED_LINK];

export const meta: Route.MetaFunction = (args) => {
  // A post taken down, or the database away: the page's boundary, with its own head.
  if (!args.loaderData) return pageErrorMeta(args);
  const { post } = args.loaderData;
  const path = blogPostPath(post.slug);
  // The editor's search title is the whole <title>, as search engines show it; without one, the post's title and the site's name.
  const title = post.seo.title || pageTitle(post.title);
  const description = post.seo.description || post.excerpt;
  const image = post.seo.image
    ? { path: coverShareImage(post.seo.image), width: COVER_WIDTH, height: COVER_HEIGHT, alt: title }
    : { path: coverShareImage(post.image.src), width: COVER_WIDTH, height: COVER_HEIGHT, alt: post.image.alt || post.title };
  const tags = buildMeta({
    title,
    fullTitle: true,
    description,
    path,
    image,
    type: "article",
    extra: [
      { property: "article:published_time", content: post.date },
      { property: "article:modified_time", content: post.updated ?? post.date },
      { property: "article:author", content: post.author },
      { property: "article:section", content: post.category },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
      jsonLd({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description,
        image: [absoluteUrl(image.path)],
        datePublished: post.date,
        dateModified: post.updated ?? post.date,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: site.name, url: absoluteUrl("/") },
        mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(path) },
        url: absoluteUrl(path),
        articleSection: post.category,
        ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
        wordCount: post.wordCount,
        inLanguage: "en",
      }),
    ],
  });
  return [...tags, ...coverPreload(post.image, ARTICLE_IMAGE_SIZES)];
};

// A published post's former slug is a 301 to its current one (straight there: the redirects always name the post's
// slug of today); a post that was published and taken down is a 404; a slug that never was a post's goes to the list,
// as the spec says (a 302: it may be a post's one day). Product decision 9.
export async function loader({ params, context }: Route.LoaderArgs) {
  const blog = await blogOf(context);
  const found = blog.getPostBySlug(params.slug);
  if (!found) {
    const current = blog.currentSlugOf(params.slug);
    if (current) throw redirect(blogPostPath(current), 301);
    if (blog.wasTakenDown(params.slug)) throw data(null, { status: 404 });
    throw redirect(blogListPath(), 302);
  }
  const { searchText: _searchText, ...post } = blog.withPlaceholder(found);
  const recent = blog
    .getRecentPosts(RECENT_POSTS_ON_POST + 1)
    .filter((other) => other.slug !== post.slug)
    .slice(0, RECENT_POSTS_ON_POST);
  // The author's line arrives with the post, so the list of authors stays out of the browser bundle (decision 012).
  return { post, authorBio: getAuthor(post.author)?.bio, recent, url: absoluteUrl(blogPostPath(post.slug)) };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, authorBio, recent, url } = loaderData;
  return (
    <Container className="py-8 sm:py-12">
      <Button asChild variant="ghost" className="mb-6 -ml-3">
        <Link to="/blog">
          <Icon name="arrow-left" />
          Back to Blog
        </Link>
      </Button>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <PostArticle post={post} authorBio={authorBio} actions={<ShareButton title={post.title} text={post.excerpt} url={url} />} />
        {recent.length > 0 ? <RecentArticles posts={recent} /> : null}
      </div>
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

function RecentArticles({ posts }: { posts: PostSummary[] }) {
  return (
    <aside aria-labelledby="recent-articles" className="lg:sticky lg:top-24 lg:self-start">
      <h2 id="recent-articles" className="mb-4 text-lg font-semibold">
        Recent Articles
      </h2>
      <ul className="flex flex-col gap-4">
        {posts.map((post) => (
          <li
            key={post.slug}
            className="group relative -m-2 flex gap-3 rounded-lg p-2 hover:bg-muted has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring"
          >
            {/* At the top, its own height: stretched beside a wrapped title it left an empty band under the image. */}
            <div className="w-24 shrink-0 self-start overflow-hidden rounded-md border">
              <CoverImage image={post.image} sizes="96px" />
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <Link
                to={blogPostPath(post.slug)}
                className="text-sm leading-snug font-medium group-hover:text-primary after:absolute after:inset-0 focus-visible:outline-none"
              >
                {post.title}
              </Link>
              <time dateTime={post.date} className="text-xs text-muted-foreground">
                {post.dateLabel}
              </time>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
