import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";

interface LegalPageProps {
  title: string;
  lastUpdated: string;
  lastUpdatedLabel: string;
  html: string;
}

/** A policy page: its title, the date it last changed and the rendered text (committed Markdown, trusted). */
export function LegalPage({ title, lastUpdated, lastUpdatedLabel, html }: LegalPageProps) {
  return (
    <>
      <PageHeader title={title}>
        <p className="text-sm text-muted-foreground">
          Last updated: <time dateTime={lastUpdated}>{lastUpdatedLabel}</time>
        </p>
      </PageHeader>
      <Container className="max-w-3xl py-12 sm:py-16">
        <article className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
      </Container>
    </>
  );
}
