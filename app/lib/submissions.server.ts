import { data } from "react-router";
import type { z } from "zod";
import { getResource } from "~/content/resources";
import type { Database } from "~/lib/db/client.server";
import { contactRequests, featureRequests, newsletterSubscribers, resourceLeads } from "~/lib/db/schema";
import type { FailureReason, FormKind, FormResult } from "~/lib/form-result";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { CONTACT_FIELDS, ContactFormSchema, type ContactForm } from "~/lib/schemas/contact";
import { DOWNLOAD_LEAD_FIELDS, DownloadLeadSchema } from "~/lib/schemas/download-lead";
import {
  FEATURE_REQUEST_FIELDS,
  FeatureRequestSchema,
  hasMissingRequiredFields,
  MISSING_FIELDS_MESSAGE,
} from "~/lib/schemas/feature-request";
import { fieldErrorsOf, formValues, HONEYPOT_FIELD, type FieldValues } from "~/lib/schemas/form-fields";
import { NEWSLETTER_FIELDS, NewsletterSchema } from "~/lib/schemas/newsletter";

/** Everything the form actions need, handed over by the server (server/app.ts) or by a test. */
export interface FormServices {
  db: Database;
  rateLimiter: RateLimiter;
  /** Resolves once the migrations are applied; rejects while the database cannot be reached. */
  ready: () => Promise<void>;
  /** Told about each new contact request; must not throw or wait (server/notify.ts). */
  notifyContact?: ((request: ContactForm & { id: number; createdAt: Date }) => void) | undefined;
}

declare module "react-router" {
  interface AppLoadContext {
    forms?: FormServices;
    /** The visitor's address as the server sees it (honours TRUST_PROXY); only ever stored hashed. */
    clientAddress?: string;
  }
}

/** Largest accepted form body; the longest legitimate submission is far below it. */
export const MAX_BODY_BYTES = 64 * 1024;

type Status = 200 | 400 | 405 | 413 | 429 | 503;

type Answer<Field extends string> = ReturnType<typeof data<FormResult<Field>>>;

function answer<Field extends string>(result: FormResult<Field>, status: Status, headers?: HeadersInit): Answer<Field> {
  return data(result, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function failure<Field extends string>(
  reason: FailureReason,
  values: FieldValues<Field>,
  status: Status,
  headers?: HeadersInit,
): Answer<Field> {
  return answer<Field>({ status: "error", reason, values }, status, headers);
}

class BodyTooLarge extends Error {}

async function readForm(request: Request): Promise<FormData | null> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new BodyTooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw new BodyTooLarge();
      }
      chunks.push(value);
    }
  }
  const contentType = request.headers.get("content-type") ?? "";
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return null;
  }
}

/** Only the error's class and code reach the log: driver messages can quote the submitted values. */
function logFailure(kind: FormKind, error: unknown) {
  const code = typeof error === "object" && error && "code" in error ? String((error as { code: unknown }).code) : "";
  const cause = typeof error === "object" && error && "cause" in error ? (error as { cause: unknown }).cause : undefined;
  const causeCode = typeof cause === "object" && cause && "code" in cause ? String((cause as { code: unknown }).code) : "";
  console.error(`form ${kind}: storage failed (${error instanceof Error ? error.name : typeof error} ${causeCode || code})`.trim());
}

interface FormDefinition<Field extends string, Schema extends z.ZodType> {
  kind: FormKind;
  fields: readonly Field[];
  schema: Schema;
  /** A form-level message for a rejected submission, if the form has one. */
  invalidMessage?: (values: FieldValues<Field>) => string | null;
  /** Extra checks against content the schema cannot see; returns field errors. */
  check?: (parsed: z.output<Schema>) => Partial<Record<Field, string>>;
  store: (db: Database, parsed: z.output<Schema>, services: FormServices) => Promise<Extract<FormResult<Field>, { status: "success" }>>;
}

async function submit<Field extends string, Schema extends z.ZodType>(
  definition: FormDefinition<Field, Schema>,
  request: Request,
  context: { forms?: FormServices; clientAddress?: string },
): Promise<Answer<Field>> {
  if (request.method !== "POST") return failure<Field>("exception", {}, 405, { Allow: "POST" });
  const services = context.forms;
  if (!services) return failure<Field>("unavailable", {}, 503);

  let formData: FormData | null;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) return failure<Field>("too-large", {}, 413, { Connection: "close" });
    throw error;
  }
  const values = formData ? formValues(formData, definition.fields) : {};

  try {
    await services.ready();
    const limit = await services.rateLimiter.hit(definition.kind, context.clientAddress ?? "unknown");
    if (!limit.allowed) return failure<Field>("rate-limited", values, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  } catch (error) {
    logFailure(definition.kind, error);
    return failure<Field>("unavailable", values, 503, { "Retry-After": "30" });
  }

  // Bots fill every field; people never see this one. Answer as if it worked and store nothing.
  const honeypot = formData?.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return answer<Field>({ status: "success" }, 200);

  const parsed = definition.schema.safeParse(values);
  const extraErrors = parsed.success ? (definition.check?.(parsed.data) ?? {}) : {};
  if (!parsed.success || Object.keys(extraErrors).length > 0) {
    const fieldErrors = parsed.success ? extraErrors : fieldErrorsOf<Field>(parsed.error);
    return answer<Field>({ status: "invalid", message: definition.invalidMessage?.(values) ?? null, fieldErrors, values }, 400);
  }

  try {
    return answer<Field>(await definition.store(services.db, parsed.data, services), 200);
  } catch (error) {
    logFailure(definition.kind, error);
    return failure<Field>("unavailable", values, 503, { "Retry-After": "30" });
  }
}

type Context = Parameters<typeof submit>[2];

export function submitContact(request: Request, context: Context) {
  return submit(
    {
      kind: "contact",
      fields: CONTACT_FIELDS,
      schema: ContactFormSchema,
      async store(db, form, services) {
        const [row] = await db
          .insert(contactRequests)
          .values({ ...form, requestType: "contact" })
          .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
        if (row) services.notifyContact?.({ ...form, ...row });
        return { status: "success" };
      },
    },
    request,
    context,
  );
}

export function submitFeatureRequest(request: Request, context: Context) {
  return submit(
    {
      kind: "feature-request",
      fields: FEATURE_REQUEST_FIELDS,
      schema: FeatureRequestSchema,
      invalidMessage: (values) => (hasMissingRequiredFields(values) ? MISSING_FIELDS_MESSAGE : null),
      async store(db, form) {
        await db.insert(featureRequests).values(form);
        return { status: "success" };
      },
    },
    request,
    context,
  );
}

export function submitNewsletter(request: Request, context: Context) {
  return submit(
    {
      kind: "newsletter",
      fields: NEWSLETTER_FIELDS,
      schema: NewsletterSchema,
      async store(db, form) {
        // Subscribing twice is a success that keeps the first row (unique on lower(email)).
        await db.insert(newsletterSubscribers).values(form).onConflictDoNothing();
        return { status: "success" };
      },
    },
    request,
    context,
  );
}

export function submitDownloadLead(request: Request, context: Context) {
  return submit(
    {
      kind: "download",
      fields: DOWNLOAD_LEAD_FIELDS,
      schema: DownloadLeadSchema,
      check: (form): Partial<Record<(typeof DOWNLOAD_LEAD_FIELDS)[number], string>> =>
        getResource(form.resourceId) ? {} : { resourceId: "Please choose a resource" },
      async store(db, form) {
        const resource = getResource(form.resourceId);
        if (!resource) throw new Error("unknown resource");
        const [row] = await db
          .insert(resourceLeads)
          .values({ name: form.name, email: form.email, resourceId: resource.id, resourceTitle: resource.title })
          .returning({ downloadedAt: resourceLeads.downloadedAt });
        const downloadedAt = (row?.downloadedAt ?? new Date()).toISOString();
        return {
          status: "success",
          lead: { name: form.name, email: form.email, resourceId: resource.id, resourceTitle: resource.title, downloadedAt },
        };
      },
    },
    request,
    context,
  );
}
