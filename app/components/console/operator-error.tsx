import { isRouteErrorResponse } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { consolePaths } from "~/lib/console/paths";

// What a console page shows when something fails: what happened and a way back, never a stack trace or a row.

const ERRORS: Record<number, { title: string; text: string }> = {
  403: {
    title: "This request was refused",
    text: "It did not come from the console itself, or its form had expired. Go back, reload the page and try again.",
  },
  413: { title: "The upload is too large", text: "Nothing was saved. Go back and choose an image under 10 MB." },
  404: { title: "Not found", text: "This lead, post or page does not exist. It may have been erased, deleted or purged." },
  503: { title: "The console cannot reach its database", text: "Nothing was changed. Try again in a moment." },
};

/** What an operator sees when something fails (the console's error boundary): what happened and a way back. */
export function OperatorError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text: fallback } = ERRORS[status] ?? {
    title: "Something went wrong",
    text: "Nothing was changed. Try again in a moment.",
  };
  // A refusal says why in its own words (app/lib/console/guard.server.ts): a forged post, an expired form, a role.
  const said = status === 403 && isRouteErrorResponse(error) && typeof error.data === "string" ? error.data.trim() : "";
  const text = said || fallback;
  return (
    <main data-console="" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4 py-12">
      <p className="text-sm font-semibold text-muted-foreground">Error {status}</p>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <p>
        <a href={consolePaths.leads} className={buttonVariants()}>
          Back to the console
        </a>
      </p>
    </main>
  );
}
