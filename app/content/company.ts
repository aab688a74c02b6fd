// The company behind the product, as visitors and every mail see it (docs/decisions/043): its legal name, postal address,
// phone, sales and support addresses, support portal and governing law. Edited in the console as site content (the
// "company" collection); these are only its first values, read from the environment at the first start, and the
// placeholders a fresh clone starts with.

export interface CompanyDetails {
  /** The legal entity: the terms, the privacy policy, the footer and every mail's footer name it. */
  name: string;
  address: string;
  phone: string;
  /** Where visitors write about sales, pricing, a demo (CONTACT_EMAIL). */
  salesEmail: string;
  supportEmail: string;
  supportPortalUrl: string;
  /** "the State of Delaware, United States": the terms say whose laws govern them. */
  governingLaw: string;
}

/** The values a fresh clone starts with: all but the name and the law are placeholders (companyPlaceholders). */
export const companyDefaults: CompanyDetails = {
  name: "Replywise, Inc.",
  address: "123 Example Street, Suite 100, San Francisco, CA 94105, United States",
  phone: "+1 (555) 010-4242",
  salesEmail: "hello@replywise.example",
  supportEmail: "support@replywise.example",
  supportPortalUrl: "https://support.replywise.example",
  governingLaw: "the State of Delaware, United States",
};

/** The environment variable that gives each detail its first value (docs/configuration.md: "initial values"). */
export const COMPANY_ENV: Record<keyof CompanyDetails, string> = {
  name: "COMPANY_NAME",
  address: "COMPANY_ADDRESS",
  phone: "CONTACT_PHONE",
  salesEmail: "CONTACT_EMAIL",
  supportEmail: "SUPPORT_EMAIL",
  supportPortalUrl: "SUPPORT_PORTAL_URL",
  governingLaw: "GOVERNING_LAW",
};

/** What the console calls each detail (the editor's labels, the placeholder banner, the start's warning). */
export const COMPANY_LABELS: Record<keyof CompanyDetails, string> = {
  name: "legal name",
  address: "postal address",
  phone: "phone",
  salesEmail: "sales email",
  supportEmail: "support email",
  supportPortalUrl: "support portal",
  governingLaw: "governing law",
};

export const COMPANY_FIELDS = Object.keys(COMPANY_ENV) as (keyof CompanyDetails)[];

/**
 * The details as the environment gives them, each unset or empty variable being its default: the company collection's
 * first content (imported once, at the first start on a database). The server validated these variables at start
 * (app/lib/env.server.ts); outside a server (the browser) there is no environment and the defaults stand.
 */
export function initialCompanyDetails(source: Record<string, string | undefined> = globalThis.process?.env ?? {}): CompanyDetails {
  const details = { ...companyDefaults };
  for (const field of COMPANY_FIELDS) {
    const value = source[COMPANY_ENV[field]]?.trim();
    if (value) details[field] = value;
  }
  return details;
}

/** A reserved example host (RFC 2606): `.example`, `example.com`, `example.org`, `example.net`, and their subdomains. */
const EXAMPLE_HOST = /(^|\.)example(\.(com|org|net))?$/i;

const hostOf = (value: string) => {
  const at = value.lastIndexOf("@");
  if (at >= 0) return value.slice(at + 1);
  return URL.canParse(value) ? new URL(value).hostname : "";
};

/** A North American number in the 555 exchange or area code: reserved for fiction, never a real line. */
const FICTIONAL_PHONE = /^(\+?1[\s.-]*)?\(?555\)?[\s.-]|^(\+?1[\s.-]*)?\(?\d{3}\)?[\s.-]*555[\s.-]*01\d\d$/;

/**
 * Which details are still placeholders: an address or portal on a reserved example host, a 555 number, an "Example
 * Street". Empty when every detail is real. The server warns at a production start and the console shows a banner
 * while this is not empty (docs/decisions/043).
 */
export function companyPlaceholders(details: CompanyDetails): (keyof CompanyDetails)[] {
  const placeholder: Record<keyof CompanyDetails, boolean> = {
    name: false,
    address: /\bexample\s+(street|st\.?|avenue|road)\b/i.test(details.address),
    phone: FICTIONAL_PHONE.test(details.phone.trim()),
    salesEmail: EXAMPLE_HOST.test(hostOf(details.salesEmail)),
    supportEmail: EXAMPLE_HOST.test(hostOf(details.supportEmail)),
    supportPortalUrl: EXAMPLE_HOST.test(hostOf(details.supportPortalUrl)),
    governingLaw: false,
  };
  return COMPANY_FIELDS.filter((field) => placeholder[field]);
}
