import type { ServerBuild } from "react-router";
import type { SiteAddresses } from "~/features/redirects/index.server";
import routes from "~/routes";
import { siteAddressesOf } from "../../../server/site-addresses";

// What the site answers, from its route table (app/routes.ts) as a server build lists it, for the suites that save
// redirects without a server: the server derives the same from its build (server/site-addresses.ts).

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export function siteAddresses(): SiteAddresses {
  const table: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  const add = (entry: RouteEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    table[id] = { id, parentId, path: entry.path, index: entry.index, module: {} };
    for (const child of entry.children ?? []) add(child, id);
  };
  for (const entry of routes as RouteEntry[]) add(entry, "root");
  return siteAddressesOf({ routes: table } as unknown as ServerBuild);
}
