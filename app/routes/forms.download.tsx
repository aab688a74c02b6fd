import { siteContentContext } from "~/context";
import { data } from "react-router";
import { DownloadForm, DownloadReady, DownloadSteps } from "~/features/leads";
import { FormOutcome } from "~/components/forms/form-outcome";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { FormToasts } from "~/components/forms/form-toasts";
import { formRoute } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
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

// No React: with JavaScript the form is sent in place by the page script, as on the pages that show it (decision 041).
export const handle: HydrationHandle & PageScriptHandle = { ...staticPage, script: leadFormsScript };
export const headers = formHeaders;

// A post without JavaScript gets this page; the page script's gets JSON (decision 041).
const post = formRoute("download");
export const middleware = post.middleware;
export const action = post.action;

export default function DownloadPage({ loaderData, actionData }: Route.ComponentProps) {
  usePageScript(leadFormsScript);
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
        ) : actionData?.status === "success" ? (
          <DownloadReady resource={resource} start="refresh" />
        ) : (
          // With JavaScript the form answers in place (the page script shows the ready step); without it, the post's
          // answer is this page.
          <DownloadSteps
            resource={resource}
            className="flex flex-col gap-8"
            form={
              <>
                <FormOutcome name="download" result={actionData} />
                <DownloadForm resource={resource} lastResult={actionData} />
              </>
            }
            ready={<DownloadReady resource={resource} />}
          />
        )}
      </Container>
      <FormToasts />
    </>
  );
}
