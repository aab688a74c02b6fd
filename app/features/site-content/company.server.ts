// The company's details as published, for what renders outside a page (docs/decisions/043): every mail's footer at the
// moment it is sent, the server's warning at start and the console's banner while a detail is still a placeholder.
import { companyPlaceholders, COMPANY_LABELS, type CompanyDetails } from "~/content/company";
import { companyOf } from "./company-collection";
import { initialContent } from "./collections";
import type { SiteContentStore } from "./store.server";

/** The published details; without the database, their first value (the environment's), as a degraded page shows. */
export async function currentCompany(store: Pick<SiteContentStore, "current">): Promise<CompanyDetails> {
  return companyOf(await store.current().catch(() => initialContent()));
}

/** What the console's banner and the start's warning name: each detail still a placeholder, in the console's words. */
export async function companyPlaceholderLabels(store: Pick<SiteContentStore, "current">): Promise<string[]> {
  return companyPlaceholders(await currentCompany(store)).map((field) => COMPANY_LABELS[field]);
}
