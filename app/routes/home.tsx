import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Replywise - Human-Like Inbox Management", fullTitle: true, description: "Human-Like Inbox Management for cold email replies.", path: "/" });

export default function HomePage() {
  return <PageHeader title="Human-Like Inbox Management for cold email replies" />;
}
