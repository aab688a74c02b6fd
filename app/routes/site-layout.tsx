import { Outlet } from "react-router";
import { SiteFrame } from "~/components/layout/site-frame";
import { RouteError } from "~/components/sections/route-error";
import { Toaster } from "~/components/ui/toaster";
import type { Route } from "./+types/site-layout";

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
      <Toaster />
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
