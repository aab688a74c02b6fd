import { data } from "react-router";
import { DownloadForm, DownloadReady } from "~/components/forms/download-dialog";
import { FormOutcome } from "~/components/forms/form-parts";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { getResource } from "~/content/resources";
import { EXCEPTION_RESULT, type FormResult } from "~/lib/form-result";
import { buildMeta } from "~/lib/meta";
import { submitDownloadLead } from "~/lib/submissions.server";
import type { Route } from "./+types/forms.download";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({
    title: loaderData?.title ? `Download ${loaderData.title}` : "Download a resource",
    description: "Get a free Replywise resource.",
    path: "/forms/download",
    noindex: true,
  });

/** The resource comes from `?resource=<id>` (the link) or, after a post, from the form itself. */
export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("resource") ?? "";
  const resource = getResource(id);
  return data({ resourceId: resource?.id ?? null, title: resource?.title ?? null }, { status: resource ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitDownloadLead(request, context);
}

// A request that never got an answer (offline, refused) becomes a failure the form can show, not an error page.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FormResult> {
  try {
    return await serverAction();
  } catch {
    return EXCEPTION_RESULT;
  }
}

export default function DownloadPage({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData?.status === "success" ? actionData.lead?.resourceId : actionData?.values.resourceId;
  const resource = getResource(posted ?? loaderData.resourceId ?? "");
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
          <>
            <FormOutcome kind="download" result={actionData} />
            <DownloadReady resource={resource} asPage />
          </>
        ) : (
          <>
            <FormOutcome kind="download" result={actionData} />
            <DownloadForm key={actionData?.status} resource={resource} result={actionData} />
          </>
        )}
      </Container>
    </>
  );
}
