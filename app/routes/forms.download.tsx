import { data } from "react-router";
import { DownloadForm, DownloadReady } from "~/components/forms/download-form";
import { answerOrException, FormOutcome } from "~/components/forms/form-parts";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { getResource } from "~/content/resources";
import { resourceLeads } from "~/lib/db/schema";
import { formAction } from "~/lib/forms/action.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { buildMeta } from "~/lib/meta";
import { DownloadLeadSchema } from "~/lib/schemas/download-lead";
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

export const headers = formHeaders;

const titleOf = (resourceId: string) => getResource(resourceId)?.title ?? resourceId;

export const action = formAction({
  name: "download",
  schema: DownloadLeadSchema,
  store: (tx, lead, _context, visit) => tx.insert(resourceLeads).values({ ...lead, ...visit, resourceTitle: titleOf(lead.resourceId) }),
  success: (lead) => ({ lead: { ...lead, resourceTitle: titleOf(lead.resourceId), downloadedAt: new Date().toISOString() } }),
});

export const clientAction = answerOrException;

export default function DownloadPage({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData?.status === "success" ? actionData.lead?.resourceId : actionData?.reply.initialValue?.resourceId;
  const resource = getResource(typeof posted === "string" ? posted : (loaderData.resourceId ?? ""));
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
        ) : (
          <>
            <FormOutcome name="download" result={actionData} />
            {actionData?.status === "success" ? (
              <DownloadReady resource={resource} asPage />
            ) : (
              <DownloadForm resource={resource} lastResult={actionData} />
            )}
          </>
        )}
      </Container>
    </>
  );
}
