import { data, Link } from "react-router";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { IconBadge } from "~/components/sections/icon";
import { IconCard } from "~/components/sections/icon-card";
import { IntegrationStrip } from "~/components/sections/integration-strip";
import { PostCard, RECENT_POSTS_ON_HOME } from "~/features/blog";
import { Section } from "~/components/sections/section";
import { StatSource } from "~/components/sections/stat-source";
import { TestimonialCard } from "~/components/sections/testimonial-card";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { InboxScene } from "~/components/visuals/inbox-scene";
import { MiniScene } from "~/components/visuals/mini-scenes";
import { integrationTools, type AvailabilityOf } from "~/content/capabilities";
import { conversionBanner, homeHero, homeStats, howItWorks, whyChooseBenefits } from "~/content/home";
import { launchCopy } from "~/content/launch";
import { companyOfMatches } from "~/components/layout/company";
import { site } from "~/content/site";
import { sendingTools } from "~/content/product-scenes";
import { blogOf, siteContentContext } from "~/context";
import { cachedPage, degradableHeaders, DEGRADED_RENDER } from "~/lib/page-cache";
import { todayIso } from "~/lib/dates";
import { staticPage } from "~/lib/hydration";
import { statOf, sectionOf } from "~/features/site-content";
import { availabilityOf, pageContent } from "~/features/site-content/index.server";
import { absoluteUrl, buildMeta, jsonLd } from "~/lib/meta";
import type { Route } from "./+types/home";

// Nothing here but links, text and the FAQ's native <details>: served without React (decision 012).
// Rendered once per change of the posts (its recent articles, decision 023) or of the content edited in the browser
// (decision 035): the statistics, the FAQ, the testimonials, the sections' copy and the roadmap (each capability's
// availability).
export const handle = { ...staticPage, ...cachedPage };
export const headers = degradableHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const company = companyOfMatches(matches);
  return buildMeta({
    title: `${site.name} - ${site.tagline}`,
    fullTitle: true,
    description: site.description,
    path: "/",
    extra: [
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site.name,
        url: absoluteUrl("/"),
        logo: absoluteUrl("/icon-512.png"),
        foundingDate: String(site.founded),
        description: site.description,
        ...(company && {
          legalName: company.name,
          address: company.address,
          email: company.salesEmail,
          telephone: company.phone,
          contactPoint: [
            {
              "@type": "ContactPoint",
              contactType: "customer support",
              email: company.supportEmail,
              telephone: company.phone,
              url: company.supportPortalUrl,
            },
          ],
        }),
      }),
      jsonLd({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: (loaderData?.faq ?? []).map((entry) => ({
          "@type": "Question",
          name: entry.question,
          acceptedAnswer: { "@type": "Answer", text: entry.answer },
        })),
      }),
    ],
  });
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const [blog, { content, headers }] = await Promise.all([
    blogOf(context).catch(() => null),
    pageContent(context.get(siteContentContext), request),
  ]);
  const page = {
    statistics: content.statistics,
    faq: content.faq,
    testimonials: content.testimonials,
    sections: content.sections,
    availability: availabilityOf(content),
    today: todayIso(),
  };
  // The database is away: the page without its posts (the spec's empty state), never a 500 (product decision 21).
  if (!blog) return data({ ...page, posts: [] }, { headers: DEGRADED_RENDER });
  const posts = blog.getRecentPosts(RECENT_POSTS_ON_HOME);
  return headers ? data({ ...page, posts }, { headers }) : { ...page, posts };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { posts, today, statistics, faq, testimonials, sections } = loaderData;
  const launch = launchCopy(today);
  const availability: AvailabilityOf = (id) => loaderData.availability[id];
  const banner = statOf(statistics, conversionBanner.statId);
  const copy = (id: Parameters<typeof sectionOf>[1]) => sectionOf(sections, id);
  const [hero, steps, why] = [copy("home-hero"), copy("home-how-it-works"), copy("home-why-choose")];
  // Icons and scenes stay in code; a card's text computed from a statistic or an availability stays computed.
  const benefits = whyChooseBenefits((id) => statOf(statistics, id).value, availability).map((benefit, index) => ({
    ...benefit,
    title: why.cards[index]?.title || benefit.title,
    description: why.cards[index]?.text || benefit.description,
  }));
  return (
    <>
      <section aria-labelledby="hero-heading" className="border-b bg-gradient-to-b from-secondary/70 to-background py-16 sm:py-24">
        <Container className="flex flex-col items-center gap-6 text-center">
          <p className="rounded-full border bg-background px-4 py-1 text-sm font-medium text-secondary-foreground">{launch.eyebrow}</p>
          <h1 id="hero-heading" className="max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            {hero.title}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground sm:text-xl">{hero.intro}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <ExternalLink href={site.appSignUpUrl}>
                Get Started <Icon name="arrow-right" />
              </ExternalLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/demo">Book Demo</Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{launch.spots}</p>
          <InboxScene className="mt-6" />
          <ul className="mt-6 grid w-full gap-4 text-left md:grid-cols-3">
            {homeHero.cards.map((card, index) => (
              <li key={card.icon}>
                <IconCard icon={card.icon} title={hero.cards[index]!.title} description={hero.cards[index]!.text} as="h2" />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Section id="integrations" title={copy("home-integrations").title} description={copy("home-integrations").intro}>
        <IntegrationStrip tools={integrationTools(availability)} />
        <p className="mt-6 text-center text-sm">
          <Link to="/roadmap" className="font-medium text-primary underline-offset-4 hover:underline">
            See what is planned on the roadmap
          </Link>
        </p>
      </Section>

      <Section id="how-it-works" title={steps.title} description={steps.intro} muted>
        <ol className="grid gap-6 md:grid-cols-3">
          {howItWorks.steps.map((step, index) => (
            <li
              key={step.scene}
              className="flex flex-col items-center gap-4 overflow-hidden rounded-xl border bg-card p-6 text-center shadow-sm"
            >
              <MiniScene name={step.scene} sendingTools={sendingTools(availability)} />
              <span className="flex items-center gap-3">
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <IconBadge name={step.icon} />
              </span>
              <h3 className="text-lg font-semibold">{steps.cards[index]!.title}</h3>
              <p className="text-sm text-muted-foreground">{steps.cards[index]!.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="why-choose" title={why.title} description={why.intro}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <li key={benefit.icon}>
              <IconCard {...benefit} />
            </li>
          ))}
        </ul>
        <figure className="mt-12 flex flex-col gap-6 rounded-2xl border bg-card p-8">
          <dl className="grid grid-cols-2 gap-8 lg:grid-cols-4">
            {homeStats.ids.map((id) => {
              const stat = statOf(statistics, id);
              return (
                <div key={id} className="flex flex-col-reverse items-center gap-1 text-center">
                  <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                  <dd className="text-4xl font-extrabold tracking-tight text-primary">{stat.value}</dd>
                </div>
              );
            })}
          </dl>
          <figcaption className="text-center text-xs text-muted-foreground">{homeStats.note}</figcaption>
        </figure>
      </Section>

      <Section id="testimonials" title={copy("home-testimonials").title} description={copy("home-testimonials").intro} muted>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title={copy("home-faq").title} description={copy("home-faq").intro}>
        <FaqList entries={faq} />
      </Section>

      <section aria-labelledby="conversion-heading" className="py-4">
        <Container>
          <div className="grid items-center gap-6 rounded-2xl border bg-secondary p-8 text-secondary-foreground sm:p-10 md:grid-cols-[auto_1fr]">
            <p className="text-center text-6xl font-extrabold tracking-tight text-primary sm:text-7xl">{banner.value}</p>
            <div className="flex flex-col gap-2">
              <h2 id="conversion-heading" className="text-2xl font-bold tracking-tight">
                {copy("home-conversion").title}
              </h2>
              <p>
                {banner.value} {banner.label}. {copy("home-conversion").intro}
              </p>
              <StatSource stat={banner} measured className="text-secondary-foreground/80" />
            </div>
          </div>
        </Container>
      </section>

      <Section id="latest-posts" title={copy("home-latest-posts").title} description={copy("home-latest-posts").intro}>
        {posts.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-center text-muted-foreground">No blog posts available at the moment.</p>
        )}
        <div className="mt-10 flex justify-center">
          <Button asChild variant="outline">
            <Link to="/blog">
              View all articles <Icon name="arrow-right" />
            </Link>
          </Button>
        </div>
      </Section>

      <CtaBand
        id="closing-cta"
        title={copy("closing").title}
        description={launch.closing}
        signUpUrl={site.appSignUpUrl}
        next={{ to: "/demo", label: "Schedule a demo" }}
      />
    </>
  );
}
