import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "./error-page";

export const NOT_FOUND = {
  code: "404",
  title: "Oops! Page not found",
  message: "The page you are looking for does not exist or has moved.",
} as const;

/** What a visitor sees when a route fails: the not-found page for 404s, the generic fallback for the rest. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage {...NOT_FOUND} />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <ErrorPage
      title="Unexpected Application Error!"
      message="Something went wrong while loading this page. Please try again, or head back to the home page."
    />
  );
}
