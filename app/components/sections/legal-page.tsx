import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";

interface LegalPageProps {
  title: string;
  lastUpdated: string;
  lastUpdatedLabel: string;
  /** Oldest first. */
  versions: readonly { date: string; dateLabel: string; summary: string }[];
  html: string;
}

/** A policy page: its title, the date it last changed, the rendered text (committed Markdown, trusted) and its history. */
export function LegalPage({ title, lastUpdated, lastUpdatedLabel, versions, html }: LegalPageProps) {
  return (
    <>
      <PageHeader title={title}>
        <p className="text-sm text-muted-foreground">
          Last updated: <time dateTime={lastUpdated}>{lastUpdatedLabel}</time>
        </p>
      </PageHeader>
      <Container className="max-w-3xl py-12 sm:py-16">
        <article className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
        <section aria-labelledby="version-history" className="mt-12 border-t pt-8">
          <h2 id="version-history" className="text-xl font-bold tracking-tight">
            Version history
          </h2>
          <ol className="mt-4 flex flex-col gap-3 text-sm">
            {versions.map((version) => (
              <li key={version.date} className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
                <time dateTime={version.date} className="font-medium">
                  {version.dateLabel}
                </time>
                <span className="text-muted-foreground">{version.summary}</span>
              </li>
            ))}
          </ol>
        </section>
      </Container>
    </>
  );
}
