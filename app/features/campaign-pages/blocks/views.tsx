// The blocks as the server renders them (decision 041: the page ships no framework JavaScript). Each is the site's own
// section component, fed with the block's fields and the published content; the forms are the plain HTML forms of
// /contact, /resources and /demo, sent in place by the same page scripts (./scripts.ts).
import type * as React from "react";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { FormToasts } from "~/components/forms/form-toasts";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { IconCard } from "~/components/sections/icon-card";
import { IntegrationStrip } from "~/components/sections/integration-strip";
import { PricingCard } from "~/components/sections/pricing-card";
import { Section } from "~/components/sections/section";
import { StatFigure } from "~/components/sections/stat-source";
import { TestimonialCard } from "~/components/sections/testimonial-card";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { InboxScene } from "~/components/visuals/inbox-scene";
import { MiniScene } from "~/components/visuals/mini-scenes";
import { integrationTools, type AvailabilityOf } from "~/content/capabilities";
import type { IconName } from "~/content/icons";
import { earlyAccessPlanLine, launchCopy } from "~/content/launch";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { creditRules, includedPlanLine, planButtonText, planPoints } from "~/content/plans";
import { sendingTools } from "~/content/product-scenes";
import { site } from "~/content/site";
import { BookingEmbed } from "~/features/bookings";
import { ContactForm, DownloadForm, DownloadReady, DownloadSteps } from "~/features/leads";
import { NewsletterForm } from "~/features/newsletter";
import { cn } from "~/lib/utils";
import { type Block, type BlockContent, blockAnchor, BLOCKS, FEATURE_CARDS, type SceneName } from "./declarations";

export interface BlockViewProps {
  block: Block;
  content: BlockContent;
  /** The page's first block: its heading is the page's h1 (later blocks use h2). */
  first: boolean;
  /** The page's address: the newsletter form stores it as the sign-up's source. */
  pagePath: string;
  /** A rich-text block's body as HTML, rendered and sanitised on the server (`richTextHtml`, ./index.server.ts). */
  html?: string | undefined;
}

function Scene({ name, availability, className }: { name: SceneName; availability: AvailabilityOf; className?: string }) {
  return name === "inbox" ? (
    <InboxScene className={className} />
  ) : (
    <MiniScene name={name} sendingTools={sendingTools(availability)} className={className} />
  );
}

/** A button to one of the places a block may lead (declarations' CTA_TARGETS, or a form block on the page). */
function CtaButton({ label, target }: { label: string; target: string }) {
  return (
    <Button asChild size="lg">
      {target === OUTBOUND_PATHS.register ? (
        // The app's sign-up, through the counted redirect, in a new tab as everywhere on the site.
        <ExternalLink href={target}>
          {label} <Icon name="arrow-right" />
        </ExternalLink>
      ) : (
        <a href={target}>
          {label} <Icon name="arrow-right" />
        </a>
      )}
    </Button>
  );
}

/** The block rendered on the server: no hooks needing hydration. */
export function BlockView({ block, content, first, pagePath, html }: BlockViewProps) {
  const field = (name: string) => (block.fields[name] ?? "").trim();
  const id = blockAnchor(block);
  const headingAs = first ? "h1" : "h2";
  const availability: AvailabilityOf = (capability) => content.availability[capability];
  const section = {
    id,
    title: field(BLOCKS[block.type].heading ?? "heading"),
    description: field("intro") || undefined,
    headingAs,
  } as const;
  switch (block.type) {
    case "hero": {
      const scene = field("scene") as SceneName | "";
      return (
        <PageHeader
          id={id}
          eyebrow={field("eyebrow") || undefined}
          title={field("headline")}
          description={field("intro")}
          headingAs={headingAs}
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <CtaButton label={field("cta.label")} target={field("cta.target")} />
          </div>
          {scene ? <Scene name={scene} availability={availability} className="mt-6" /> : null}
        </PageHeader>
      );
    }
    case "product-scene": {
      const scene = field("scene") as SceneName;
      // The inbox is a wide picture of its own; a small scene is drawn as a card's top (home's steps, /features' cards),
      // so it sits in a card here, at about the width it is drawn for, without the edges it bleeds to there.
      return scene === "inbox" ? (
        <Section {...section} containerClassName="max-w-4xl">
          <InboxScene />
        </Section>
      ) : (
        <Section {...section} containerClassName="max-w-xl">
          <Card className="gap-0 overflow-hidden p-0">
            <Scene name={scene} availability={availability} className="m-0 border-b-0" />
          </Card>
        </Section>
      );
    }
    case "feature-grid":
      return (
        <Section {...section}>
          <ul className="grid gap-6 md:grid-cols-3">
            {Array.from({ length: FEATURE_CARDS }, (_, index) => (
              <li key={index}>
                <IconCard
                  icon={field(`cards.${index}.icon`) as IconName}
                  title={field(`cards.${index}.title`)}
                  description={field(`cards.${index}.text`)}
                />
              </li>
            ))}
          </ul>
        </Section>
      );
    case "statistics": {
      // As /features shows them: the short figures in rows, then the studies with what they measured and their source.
      // Rows that wrap keep centred, so an odd last figure stands under the middle, whatever the published count.
      const studies = content.statistics.filter((stat) => stat.basis.kind === "study");
      const figures = content.statistics.filter((stat) => stat.basis.kind !== "study");
      return (
        <Section {...section}>
          {figures.length > 0 ? (
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-10">
              {figures.map((stat) => (
                <li key={stat.id} className="w-40">
                  <StatFigure stat={stat} />
                </li>
              ))}
            </ul>
          ) : null}
          {studies.length > 0 ? (
            <ul className={cn("flex flex-wrap justify-center gap-10", figures.length > 0 && "mt-14")}>
              {studies.map((stat) => (
                <li key={stat.id} className="w-full md:w-md">
                  <StatFigure stat={stat} />
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
      );
    }
    case "testimonials":
      return (
        <Section {...section} muted>
          <ul className="grid gap-6 md:grid-cols-3">
            {content.testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </Section>
      );
    case "pricing": {
      const offer = launchCopy(content.today).offer;
      return (
        <Section {...section}>
          {offer ? (
            <p className="mx-auto mb-10 max-w-3xl rounded-xl border border-primary/30 bg-primary/5 px-5 py-3 text-center text-sm font-medium">
              {offer}
            </p>
          ) : null}
          <ul className="grid items-stretch gap-8 lg:grid-cols-3">
            {content.plans.map((plan) => (
              <li key={plan.id}>
                <PricingCard
                  plan={plan}
                  points={planPoints(plan, availability)}
                  included={includedPlanLine(plan, content.plans)}
                  buttonText={planButtonText}
                  href={site.appSignUpUrl}
                  offer={earlyAccessPlanLine(plan, content.today)}
                />
              </li>
            ))}
          </ul>
          <ul
            aria-label="How credits work"
            className="mt-10 flex flex-col items-center justify-center gap-2 text-center text-sm font-medium sm:flex-row sm:gap-6"
          >
            {creditRules.map((rule) => (
              <li key={rule} className="rounded-full bg-secondary px-4 py-1.5 text-secondary-foreground">
                {rule}
              </li>
            ))}
          </ul>
        </Section>
      );
    }
    case "faq":
      return (
        <Section {...section}>
          <FaqList entries={content.faq} />
        </Section>
      );
    case "logo-strip":
      return (
        <Section {...section}>
          <IntegrationStrip tools={integrationTools(availability)} />
        </Section>
      );
    case "rich-text":
      return (
        <Section {...section} containerClassName="max-w-3xl">
          {html !== undefined ? (
            <div className="prose-content max-w-none text-base sm:text-lg" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            // Without its HTML from the server, the text as typed: React escapes it, so nothing in it runs.
            <div className="prose-content max-w-none text-base sm:text-lg">
              {field("body")
                .split(/\n\s*\n/)
                .map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
            </div>
          )}
        </Section>
      );
    case "call-to-action":
      return (
        <CtaBand
          id={id}
          title={field("heading")}
          description={field("text")}
          signUpUrl={site.appSignUpUrl}
          next={{ to: field("cta.target"), label: field("cta.label") }}
          headingAs={headingAs}
        />
      );
    case "contact-form":
      return (
        <Section {...section} containerClassName="max-w-2xl">
          <Card className="gap-6 p-6 sm:p-8">
            <ContactForm />
          </Card>
        </Section>
      );
    case "download-form": {
      const resource = content.resources.find((entry) => entry.id === field("resource"));
      return (
        <Section {...section} containerClassName="max-w-xl">
          {resource ? (
            // As on the resource's own page (/forms/download): the form, then 'Thank you!' shown by the page script.
            <Card className="p-6 sm:p-8">
              <DownloadSteps
                resource={resource}
                className="flex flex-col gap-8"
                form={<DownloadForm resource={resource} />}
                ready={<DownloadReady resource={resource} />}
              />
            </Card>
          ) : (
            <p className="text-center text-muted-foreground">
              This resource is no longer available.{" "}
              <a href="/resources" className="font-medium text-primary underline-offset-4 hover:underline">
                See all free resources
              </a>
            </p>
          )}
        </Section>
      );
    }
    case "demo-booking":
      return (
        <Section {...section} containerClassName="max-w-3xl">
          <BookingEmbed
            bookingUrl={site.bookingUrl}
            scriptUrl={site.bookingScriptUrl}
            minutes={site.demo.minutes}
            height={site.demo.embedHeight}
          />
        </Section>
      );
    case "newsletter-form":
      return (
        <Section {...section} muted containerClassName="max-w-xl">
          <NewsletterForm source={pagePath} />
        </Section>
      );
  }
}

/**
 * A page's blocks in order, the first with the page's h1, and once after them what their forms share: the toasts'
 * live region the forms' page script writes into (one a page: the script reads the first).
 */
export function BlockList({
  blocks,
  content,
  pagePath,
  html = {},
}: {
  blocks: readonly Block[];
  content: BlockContent;
  pagePath: string;
  /** The rich-text blocks' bodies as HTML by block id (`richTextHtml`, ./index.server.ts). */
  html?: Readonly<Record<string, string>>;
}): React.ReactNode {
  const forms = blocks.some((block) => BLOCKS[block.type].form && BLOCKS[block.type].form !== "booking");
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={block.id} block={block} content={content} first={index === 0} pagePath={pagePath} html={html[block.id]} />
      ))}
      {forms ? <FormToasts /> : null}
    </>
  );
}
