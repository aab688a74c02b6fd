import { Link } from "react-router";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { useCompany } from "~/components/layout/company";
import { PhoneLink } from "~/components/layout/phone-link";
import { FormToasts } from "~/components/forms/form-toasts";
import { ContactForm } from "~/features/leads";
import { LiveChatStatus } from "~/components/sections/live-chat-status";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { contactPage } from "~/content/contact";
import { site } from "~/content/site";
import { chatHref } from "~/lib/live-chat";
import { countedNavigation } from "~/features/analytics";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { cachedPage, type PageCacheHandle } from "~/lib/page-cache";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import { liveChatStatusScript } from "~/lib/page-scripts/live-chat-status";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Contact",
    description: `Contact the ${site.name} team by email, phone or live chat (${site.liveChat.label}), or send us a message about pricing, custom plans or a demo.`,
    path: "/contact",
  });

export const loader = countedNavigation;

// No React on the page: the form is sent in place and the chat's status written by page scripts (decision 041). The
// addresses, phone and portal are the company's as published (decision 043): cached per change of the content.
const chatStatusScript = liveChatStatusScript(site.liveChat);
export const handle: HydrationHandle & PageScriptHandle & PageCacheHandle = {
  ...staticPage,
  ...cachedPage,
  script: [leadFormsScript, chatStatusScript],
};

export default function ContactPage() {
  const company = useCompany();
  const chat = chatHref(site.chatUrl, company.supportEmail);
  const chatButtonLabel = "Start chat";
  usePageScript(leadFormsScript);
  usePageScript(chatStatusScript);
  return (
    <>
      <PageHeader eyebrow="Contact" title={contactPage.title} description={contactPage.description} />
      <section aria-label="Ways to reach us" className="py-14">
        <Container>
          <ul className="grid gap-6 md:grid-cols-3">
            <li>
              <Card className="h-full">
                <Icon name="mail" className="size-6 text-primary" />
                <h2 className="text-lg font-semibold">{contactPage.email.title}</h2>
                <p className="text-sm text-muted-foreground">{contactPage.email.description}</p>
                <a href={`mailto:${company.salesEmail}`} className="mt-auto font-medium text-primary underline-offset-4 hover:underline">
                  {company.salesEmail}
                </a>
              </Card>
            </li>
            <li>
              <Card className="h-full">
                <Icon name="phone" className="size-6 text-primary" />
                <h2 className="text-lg font-semibold">{contactPage.phone.title}</h2>
                <p className="text-sm text-muted-foreground">{contactPage.phone.description}</p>
                <PhoneLink number={company.phone} className="mt-auto font-medium text-primary underline-offset-4 hover:underline" />
              </Card>
            </li>
            <li>
              <Card className="h-full">
                <Icon name="message-circle" className="size-6 text-primary" />
                <h2 className="text-lg font-semibold">{contactPage.chat.title}</h2>
                <p className="text-sm text-muted-foreground">
                  {contactPage.chat.description} Available {site.liveChat.label}, Monday to Friday.
                </p>
                <LiveChatStatus />
                <Button asChild variant="outline" className="mt-auto w-fit">
                  {chat.external ? (
                    <ExternalLink href={chat.href}>{chatButtonLabel}</ExternalLink>
                  ) : (
                    <a href={chat.href}>
                      {chatButtonLabel}
                      <span className="sr-only"> (opens an email to support)</span>
                    </a>
                  )}
                </Button>
              </Card>
            </li>
          </ul>
        </Container>
      </section>
      <section aria-labelledby="message-heading" className="pb-20">
        <Container className="grid gap-8 lg:grid-cols-[1.6fr_1fr]">
          <Card className="gap-6 p-6 sm:p-8">
            <div className="flex flex-col gap-2">
              <h2 id="message-heading" className="text-2xl font-bold tracking-tight">
                {contactPage.form.title}
              </h2>
              <p className="text-muted-foreground">{contactPage.form.description}</p>
            </div>
            <ContactForm />
          </Card>
          <div className="flex flex-col gap-6">
            <Card className="bg-muted/50">
              <Icon name="life-buoy" className="size-6 text-primary" />
              <h2 className="text-lg font-semibold">{contactPage.support.title}</h2>
              <p className="text-sm text-muted-foreground">{contactPage.support.description}</p>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <Button asChild>
                  <ExternalLink href={company.supportPortalUrl}>Visit support portal</ExternalLink>
                </Button>
                <a href={`mailto:${company.supportEmail}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {company.supportEmail}
                </a>
              </div>
            </Card>
            <Card className="bg-muted/50">
              <Icon name="calendar" className="size-6 text-primary" />
              <h2 className="text-lg font-semibold">{contactPage.demo.title}</h2>
              <p className="text-sm text-muted-foreground">{contactPage.demo.description}</p>
              <Button asChild variant="outline" className="w-fit">
                <Link to="/demo">Book a demo</Link>
              </Button>
            </Card>
          </div>
        </Container>
      </section>
      <FormToasts />
    </>
  );
}
