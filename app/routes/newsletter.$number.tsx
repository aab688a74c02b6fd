import { data, Link } from "react-router";
import { Container } from "~/components/layout/container";
import { IssueDate, archiveNumberOf } from "~/features/newsletter";
import { PageError, pageErrorMeta } from "~/components/sections/page-error";
import { Button } from "~/components/ui/button";
import { databaseContext, siteOriginContext } from "~/context";
import { pageAway } from "~/lib/database-away";
import { staticPage } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { archivedIssue, type ArchivedIssue } from "~/features/newsletter/index.server";
import { cachedPage } from "~/lib/page-cache";
import { pathOnSite } from "~/lib/forms/form-fields";
import type { Route } from "./+types/newsletter.$number";

// One sent issue, as subscribers got it (without their unsubscribe link): the archive's page, cached like the blog.
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return pageErrorMeta(args);
  const { issue } = args.loaderData;
  return buildMeta({
    title: `${issue.subject} (newsletter #${issue.number})`,
    description: issue.preheader || issue.excerpt,
    path: `/newsletter/${issue.number}`,
  });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const number = archiveNumberOf(params.number);
  let issue: ArchivedIssue | undefined;
  try {
    issue = number ? await archivedIssue(context.get(databaseContext).db, number) : undefined;
  } catch {
    return pageAway();
  }
  if (!issue) throw data("No such issue.", { status: 404 });
  // The editor's rule, again: an issue saved before the rule held its link to this site shows no button.
  return { issue, link: pathOnSite(issue.linkPath, context.get(siteOriginContext)) };
}

export default function NewsletterIssuePage({ loaderData }: Route.ComponentProps) {
  const { issue, link } = loaderData;
  return (
    <Container className="max-w-2xl py-12 sm:py-16">
      <p>
        <Link to="/newsletter" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← All issues
        </Link>
      </p>
      <article className="mt-6 flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          Newsletter #{issue.number} · <IssueDate issue={issue} />
        </p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{issue.subject}</h1>
        {issue.coverPath ? (
          <img src={issue.coverPath} alt={issue.coverAlt ?? ""} width={1200} height={675} className="h-auto w-full rounded-xl border" />
        ) : null}
        <h2 className="text-xl font-semibold">{issue.title}</h2>
        <p className="text-lg whitespace-pre-wrap text-muted-foreground">{issue.excerpt}</p>
        {link ? (
          <div>
            <Button asChild>
              <Link to={link}>{issue.topic === "post" ? "Read the article" : "Get the free resource"}</Link>
            </Button>
          </div>
        ) : null}
      </article>
      <aside aria-labelledby="subscribe-heading" className="mt-12 rounded-xl border bg-secondary p-6 text-secondary-foreground">
        <h2 id="subscribe-heading" className="font-semibold">
          Get the next one by email
        </h2>
        <p className="mt-1 text-sm">One email when we publish something new. Unsubscribe in one click, any time.</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/resources#newsletter-heading">Subscribe</Link>
        </Button>
      </aside>
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
