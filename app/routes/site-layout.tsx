import { Outlet } from "react-router";
import { SiteFrame } from "~/components/layout/site-frame";
import { RouteError } from "~/components/sections/route-error";
import type { Route } from "./+types/site-layout";

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <RouteError error={error} />
    </SiteFrame>
  );
}
