// Blog types and the pure functions the browser needs too (filtering on /blog). Loading lives in blog.server.ts.

export interface PostImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** Display text, e.g. "September 18, 2025". */
  dateLabel: string;
  author: string;
  image: PostImage;
  tags: string[];
  readTime: string;
}
