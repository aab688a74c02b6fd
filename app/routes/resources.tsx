import { Container } from "~/components/layout/container";
import { siteContentContext } from "~/context";
import { PageHeader } from "~/components/layout/page-header";
import { NewsletterForm } from "~/features/newsletter";
import { ResourceCard } from "~/components/sections/resource-card";
import { DownloadDialog, DownloadLink } from "~/features/leads";
import { FormToasts } from "~/components/forms/form-toasts";
import { Section } from "~/components/sections/section";
import { Button } from "~/components/ui/button";
import { data } from "react-router";
import { resourceCategories } from "~/content/resources";
import { site } from "~/content/site";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { cachedPage, degradableHeaders, type PageCacheHandle } from "~/lib/page-cache";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import { resourceSizes, pageContent } from "~/features/site-content/index.server";
import type { Route } from "./+types/resources";

// The cards are edited in the browser, and editors add resources (decision 035): rendered by the server once per change
// and cached (decision 035). No React on the page: the download dialog and the newsletter form are a page script's
// (decision 041).
export const handle: HydrationHandle & PageScriptHandle & PageCacheHandle = { ...staticPage, ...cachedPage, script: leadFormsScript };
export const headers = degradableHeaders;

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Free Resources for Cold Email Outreach",
    description:
      "Free cold email templates, deliverability guides and practical tools: subject lines, follow-up frameworks, an outreach checklist, an ROI calculator and a video masterclass.",
    path: "/resources",
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  // What the card needs of each, without the upload's size field: a built file's size is read from the build.
  const resources = content.resources.map(({ bytes: _bytes, ...resource }) => resource);
  // The sections come with the data too: the content editor's code also reads app/content/resources.ts, and a module
  // both import would be one more chunk for this page to load.
  const page = { categories: resourceCategories, resources, sizes: await resourceSizes(content.resources) };
  return headers ? data(page, { headers }) : page;
}

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { categories, resources, sizes } = loaderData;
  usePageScript(leadFormsScript);
  return (
    <>
      <PageHeader
        eyebrow="Free resources"
        title="Free Resources for Cold Email Outreach"
        description={`Templates, guides and tools from the ${site.name} team to help you reach the inbox, earn replies and turn them into meetings.`}
      >
        <nav aria-label="Resource sections" className="mt-2">
          <ul className="flex flex-wrap justify-center gap-3">
            {categories.map((category) => (
              <li key={category.id}>
                <Button asChild variant="outline">
                  <a href={`#${category.id}`}>{category.title}</a>
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      {categories.map((category, index) => (
        <Section
          key={category.id}
          id={category.id}
          title={category.title}
          description={category.description}
          muted={index % 2 === 1}
          className="scroll-mt-20"
        >
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid={`${category.id}-grid`}>
            {resources
              .filter((resource) => resource.category === category.id)
              .map((resource) => (
                <li key={resource.id} id={resource.id} className="scroll-mt-24">
                  <ResourceCard resource={resource} size={sizes[resource.file] ?? null} download={<DownloadLink resource={resource} />} />
                </li>
              ))}
          </ul>
        </Section>
      ))}
      <section aria-labelledby="newsletter-heading" className="py-16 sm:py-20">
        <Container className="max-w-3xl">
          <div className="flex flex-col items-center gap-4 rounded-2xl border bg-secondary p-8 text-center text-secondary-foreground sm:p-12">
            <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Get new resources first
            </h2>
            <p className="max-w-xl">
              One practical email when we publish a new template, guide, tool or blog post. No spam, unsubscribe any time.{" "}
              <a href="/newsletter" className="font-medium underline underline-offset-4">
                Read past issues
              </a>
              .
            </p>
            <div className="w-full max-w-md">
              <NewsletterForm source="/resources" />
            </div>
          </div>
        </Container>
      </section>
      {resources[0] ? <DownloadDialog resource={resources[0]} /> : null}
      <FormToasts />
    </>
  );
}
