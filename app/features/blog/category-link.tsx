import { Link } from "react-router";
import { blogListPath } from "~/content/paths";
import { categorySlug } from "./post";

/**
 * The category badge of a card, linking to the category's own list. It sits above the title link's overlay that covers
 * the card (`z-10`), so both can be clicked.
 */
export function CategoryLink({ category }: { category: string }) {
  return (
    <Link
      to={blogListPath(1, categorySlug(category))}
      // The secondary badge's look (components/ui/badge.tsx) in fewer classes: a page shows a dozen of these.
      className="relative z-10 rounded-full border border-transparent bg-secondary px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-secondary-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {category}
    </Link>
  );
}
