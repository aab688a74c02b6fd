import { useState } from "react";
import { siteContentContext } from "~/context";
import { data } from "react-router";
import { DownloadReady, DownloadForm } from "~/features/leads";
import { answerOrException, FormOutcome } from "~/components/forms/form-outcome";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { formAction } from "~/lib/forms/action.server";
import { formPostServicesOf, leadFormsOf } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { buildMeta } from "~/lib/meta";
import { publishedResource } from "~/features/site-content/index.server";
import type { Route } from "./+types/forms.download";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({
    title: loaderData?.resource ? `Download ${loaderData.resource.title}` : "Download a resource",
    description: "Get a free Replywise resource.",
    path: "/forms/download",
    noindex: true,
  });

/** The resource comes from `?resource=<id>` (the link) or, after a post, from the form itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("resource") ?? "";
  const found = await publishedResource(context.get(siteContentContext), id);
  // What the page shows of it, so the page does not ship the list of downloads.
  const resource = found ? { id: found.id, title: found.title, description: found.description, file: found.file } : null;
  return data({ resource }, { status: resource ? 200 : 404 });
}

export const headers = formHeaders;

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(leadFormsOf(context).download, request, formPostServicesOf(context));

export const clientAction = answerOrException;

export default function DownloadPage({ loaderData, actionData }: Route.ComponentProps) {
  // With JavaScript the form answers in place; without it, the post's answer is this page.
  const [inPage, setInPage] = useState(false);
  // The post's address names the resource (?resource=), so the loader that runs after it knows it too.
  const resource = loaderData.resource;
  return (
    <>
      <PageHeader title={resource ? resource.title : "Resource not found"} description={resource?.description} />
      <Container className="flex max-w-xl flex-col gap-8 py-14">
        {!resource ? (
          <p>
            We could not find that resource.{" "}
            <a href="/resources" className="font-medium text-primary underline-offset-4 hover:underline">
              See all free resources
            </a>
          </p>
        ) : inPage ? (
          <DownloadReady resource={resource} />
        ) : actionData?.status === "success" ? (
          <DownloadReady resource={resource} start="refresh" />
        ) : (
          <>
            <FormOutcome name="download" result={actionData} />
            <DownloadForm resource={resource} lastResult={actionData} onSuccess={() => setInPage(true)} />
          </>
        )}
      </Container>
    </>
  );
}
