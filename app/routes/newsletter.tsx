import { Link } from "react-router";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { IssueDate } from "~/features/newsletter";
import { PageError, pageErrorMeta } from "~/components/sections/page-error";
import { Button } from "~/components/ui/button";
import { databaseContext } from "~/context";
import { pageAway } from "~/lib/database-away";
import { staticPage } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { archivedIssues } from "~/features/newsletter/index.server";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/newsletter";

// The newsletter's public archive (docs/decisions/025): every issue that went out, so a visitor sees what they would
// get before subscribing. Rendered once per change of the issues and cached, like the blog; no React in the page.
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = (args) =>
  args.error
    ? pageErrorMeta(args)
    : buildMeta({
        title: "Newsletter archive",
        description: "Every issue of the Replywise newsletter: one email when we publish a new resource or blog post, and nothing else.",
        path: "/newsletter",
      });

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { issues: await archivedIssues(context.get(databaseContext).db) };
  } catch {
    return pageAway();
  }
}

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Newsletter"
        title="Newsletter archive"
        description="One practical email when we publish a new template, guide, tool or blog post. Here is every issue we have sent."
      >
        <Button asChild>
          <Link to="/resources#newsletter-heading">Subscribe</Link>
        </Button>
      </PageHeader>
      <Container className="max-w-3xl py-12 sm:py-16">
        {issues.length === 0 ? (
          <p className="text-center text-muted-foreground">No issue has gone out yet. The first one arrives with our next new resource.</p>
        ) : (
          <ol aria-label="Issues" className="flex flex-col gap-6">
            {issues.map((issue) => (
              <li key={issue.number} className="rounded-xl border bg-card p-6">
                <p className="text-sm text-muted-foreground">
                  Issue #{issue.number} · <IssueDate issue={issue} />
                </p>
                <h2 className="mt-1 text-xl font-semibold tracking-tight">
                  <Link to={`/newsletter/${issue.number}`} className="hover:underline">
                    {issue.subject}
                  </Link>
                </h2>
                <p className="mt-2 text-muted-foreground">{issue.preheader || issue.excerpt}</p>
              </li>
            ))}
          </ol>
        )}
      </Container>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
