// The redirects feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { type ContentPages, createLivePaths, type LivePaths, type SiteAddresses } from "./live-paths.server";
export { countMissingPaths, redirectRequests } from "./middleware.server";
export {
  deleteRedirect,
  findRedirect,
  holdAddressChanges,
  listRedirects,
  MISSING_PATH_DAYS,
  MISSING_PATHS_PER_DAY,
  purgeMissingPaths,
  type RedirectForm,
  redirectFrom,
  redirectSiteOf,
  type ReleasedRedirect,
  releaseRedirects,
  saveRedirect,
  topMissingPaths,
} from "./store.server";
export { applyHere, createRedirectTable, MISSING_PATHS_PER_VISITOR, type RedirectTable, type Visitor } from "./table.server";
