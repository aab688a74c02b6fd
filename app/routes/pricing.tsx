import { data, Link } from "react-router";
import { siteContentContext } from "~/context";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { FaqList } from "~/components/sections/faq-list";
import { PricingCard } from "~/components/sections/pricing-card";
import { Section } from "~/components/sections/section";
import { Button } from "~/components/ui/button";
import type { AvailabilityOf } from "~/content/capabilities";
import { pricingFaq } from "~/content/faq";
import { earlyAccessPlanLine, launchCopy } from "~/content/launch";
import {
  costPerCredit,
  creditRules,
  formatUsd,
  includedPlanLine,
  planButtonText,
  planPoints,
  plans as initialPlans,
} from "~/content/plans";
import { site } from "~/content/site";
import { todayIso } from "~/lib/dates";
import { cachedPage, degradableHeaders } from "~/lib/page-cache";
import { availabilityOf, pageContent } from "~/features/site-content/index.server";
import { absoluteUrl, buildMeta, jsonLd } from "~/lib/meta";
import type { Route } from "./+types/pricing";
import { staticPage } from "~/lib/hydration";

// Nothing here but links and text: served without React (decision 012). Its plans, and the availability of what they
// sell (the roadmap), are edited in the browser: rendered by the server once per change and cached (decision 035).
export const handle = { ...staticPage, ...cachedPage };
export const headers = degradableHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  // The content as app/content/ holds it when there is no loader data (the error page).
  const plans = loaderData?.plans ?? initialPlans;
  return buildMeta({
    title: "Pricing",
    description: `Simple monthly plans from ${formatUsd(Math.min(...plans.map((plan) => plan.price)))}: ${plans
      .map((plan) => plan.name)
      .join(", ")
      .replace(/, (?=[^,]*$)/, " and ")}. 1 credit = 1 reply, meeting invites cost 0 credits, and you start with 50 free replies.`,
    path: "/pricing",
    extra: [
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: site.name,
        description: site.description,
        brand: { "@type": "Brand", name: site.name },
        image: absoluteUrl("/images/og/replywise.png"),
        url: absoluteUrl("/pricing"),
        offers: plans.map((plan) => ({
          "@type": "Offer",
          name: plan.name,
          description: plan.description,
          price: plan.price.toFixed(2),
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
          url: absoluteUrl("/pricing"),
          priceSpecification: [
            {
              "@type": "UnitPriceSpecification",
              price: plan.price.toFixed(2),
              priceCurrency: "USD",
              billingDuration: "P1M",
              unitText: "MONTH",
            },
            // What the card says a credit costs: computed from the price and credits, like the card (decision 035).
            {
              "@type": "UnitPriceSpecification",
              price: costPerCredit(plan).toFixed(2),
              priceCurrency: "USD",
              referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText: "credit" },
            },
          ],
        })),
      }),
    ],
  });
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  const page = { today: todayIso(), plans: content.plans, availability: availabilityOf(content) };
  return headers ? data(page, { headers }) : page;
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { today, plans } = loaderData;
  const launch = launchCopy(today);
  const availability: AvailabilityOf = (id) => loaderData.availability[id];
  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Simple pricing that scales with your replies"
        description="Pay for the replies Replywise answers, nothing else. Every plan is billed monthly and starts with 50 free replies."
      />
      <Section id="plans" aria-label="Plans" className="pt-14">
        {launch.offer ? (
          <p className="mx-auto mb-10 max-w-3xl rounded-xl border border-primary/30 bg-primary/5 px-5 py-3 text-center text-sm font-medium">
            {launch.offer}
          </p>
        ) : null}
        <ul className="grid items-stretch gap-8 lg:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.id}>
              <PricingCard
                plan={plan}
                points={planPoints(plan, availability)}
                included={includedPlanLine(plan, plans)}
                buttonText={planButtonText}
                href={site.appSignUpUrl}
                offer={earlyAccessPlanLine(plan, today)}
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
      <section aria-labelledby="custom-plan-heading" className="pb-20">
        <Container>
          <div className="flex flex-col items-center gap-4 rounded-2xl border bg-muted/50 p-8 text-center sm:p-12">
            <h2 id="custom-plan-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Need a custom plan?
            </h2>
            <p className="max-w-xl text-muted-foreground">
              Sending at high volume or managing more than {plans.at(-1)?.inboxManagers} clients? We will put together credits, inbox
              managers and terms that fit.
            </p>
            <Button asChild size="lg">
              <Link to="/contact">Contact Sales</Link>
            </Button>
          </div>
        </Container>
      </section>
      <Section id="pricing-faq" title="Pricing questions" description="Credits, inbox managers and the early-access offer, answered." muted>
        <FaqList entries={pricingFaq(launch, plans)} />
      </Section>
    </>
  );
}
