// The company's own details (docs/decisions/043): legal name, postal address, phone, sales and support addresses,
// support portal and governing law, one entry that every public page (the footer), the legal pages, the Organization
// data and every mail's footer read. Its first value is the environment's (app/content/company.ts); once published,
// this wins.
import { COMPANY_LABELS, initialCompanyDetails, type CompanyDetails } from "~/content/company";
import { pagesWithCompanyDetails } from "~/content/paths";
import { plainText } from "~/lib/forms/form-fields";
import { z } from "~/lib/forms/zod";
import type { Collection } from "./collection";

export const COMPANY_LIMITS = { name: 120, address: 300, phone: 40, email: 254, url: 300, governingLaw: 200 } as const;

const required = (label: string, max: number) => plainText(label, max).pipe(z.string().min(1, `Write the ${label.toLowerCase()}.`));

const email = (label: string) =>
  z
    .string()
    .trim()
    .max(COMPANY_LIMITS.email, `The ${label} must be at most ${COMPANY_LIMITS.email} characters.`)
    .pipe(z.email(`The ${label} must be an email address, such as team@yourcompany.com.`));

/** Digits with the usual separators, at least 7 digits and at most 15 (E.164), so a tel: link dials it. */
const PHONE = /^\+?[\d\s().-]+$/;
const digitsOf = (value: string) => value.replace(/\D/g, "").length;

export const CompanyEntrySchema = z.object({
  name: required("Legal name", COMPANY_LIMITS.name),
  address: required("Postal address", COMPANY_LIMITS.address),
  phone: z
    .string()
    .trim()
    .refine(
      (value) => PHONE.test(value) && digitsOf(value) >= 7 && digitsOf(value) <= 15,
      "The phone must be a phone number: 7 to 15 digits, with spaces, dashes or brackets between them and an optional + in front, such as +1 415 200 0100.",
    ),
  salesEmail: email("sales email"),
  supportEmail: email("support email"),
  supportPortalUrl: z
    .string()
    .trim()
    .max(COMPANY_LIMITS.url, `The support portal's address must be at most ${COMPANY_LIMITS.url} characters.`)
    .refine(
      (value) => /^https?:\/\/[^\s<>"]+$/i.test(value) && URL.canParse(value),
      "The support portal must be a web address starting with https:// (or http://), such as https://help.yourcompany.com.",
    ),
  governingLaw: required("Governing law", COMPANY_LIMITS.governingLaw),
}) satisfies z.ZodType<CompanyDetails>;

const label = (field: keyof CompanyDetails) => COMPANY_LABELS[field].charAt(0).toUpperCase() + COMPANY_LABELS[field].slice(1);

export const companyCollection: Collection<CompanyDetails> = {
  name: "company",
  title: "Company",
  description:
    "Who runs the site: the legal name, postal address, phone, sales and support addresses and support portal that every page's footer, the contact, privacy, terms and cookie pages, and every email show.",
  pages: pagesWithCompanyDetails,
  schema: z.array(CompanyEntrySchema).length(1, "The company is one entry."),
  fields: [
    {
      name: "name",
      label: label("name"),
      kind: "text",
      max: COMPANY_LIMITS.name,
      copy: "editorial",
      hint: "As registered: Replywise, Inc.",
    },
    { name: "address", label: label("address"), kind: "textarea", max: COMPANY_LIMITS.address, copy: "editorial" },
    { name: "phone", label: label("phone"), kind: "text", max: COMPANY_LIMITS.phone, hint: "With its country code: +1 415 200 0100." },
    { name: "salesEmail", label: "Sales email (the contact page's address)", kind: "text", max: COMPANY_LIMITS.email },
    { name: "supportEmail", label: label("supportEmail"), kind: "text", max: COMPANY_LIMITS.email },
    { name: "supportPortalUrl", label: "Support portal address", kind: "url", max: COMPANY_LIMITS.url, hint: "https://…" },
    {
      name: "governingLaw",
      label: label("governingLaw"),
      kind: "text",
      max: COMPANY_LIMITS.governingLaw,
      copy: "editorial",
      hint: 'The terms say "governed by the laws of …": the State of Delaware, United States.',
    },
  ],
  ordered: false,
  entryTitle: (entry) => entry.name,
  initial: () => [initialCompanyDetails()],
  fromForm: (values) => ({
    name: values.name ?? "",
    address: values.address ?? "",
    phone: values.phone ?? "",
    salesEmail: values.salesEmail ?? "",
    supportEmail: values.supportEmail ?? "",
    supportPortalUrl: values.supportPortalUrl ?? "",
    governingLaw: values.governingLaw ?? "",
  }),
};

/** The company's details as the content has them (its one entry). */
export const companyOf = (content: { company: readonly CompanyDetails[] }): CompanyDetails => content.company[0] ?? initialCompanyDetails();
