import { pathOnSite, plainText } from "../../lib/forms/form-fields";
import { z } from "../../lib/forms/zod";
import { isSiteImage } from "../../content/testimonials";

// What an editor may change in a newsletter issue before it is sent (/console/newsletter/:id). Plain text only: the
// message is built from these by app/features/newsletter/issue-email.tsx, which escapes them.

export const ISSUE_LIMITS = {
  subject: 150,
  preheader: 200,
  title: 200,
  excerpt: 1000,
  linkPath: 300,
  coverPath: 300,
  coverAlt: 300,
} as const;

const plain = (label: string, max: number, required: string | null) =>
  required ? plainText(label, max).pipe(z.string().min(1, required)) : plainText(label, max);

const LINK_MESSAGE = "The link must be a page of this site, starting with / (for example /blog/my-post).";

const fields = {
  subject: plain("The subject", ISSUE_LIMITS.subject, "Give the email a subject."),
  preheader: plain("The preheader", ISSUE_LIMITS.preheader, null),
  title: plain("The title", ISSUE_LIMITS.title, "Give the issue a title."),
  excerpt: plain("The text", ISSUE_LIMITS.excerpt, "Write a few sentences about what is new."),
  linkPath: z.string().trim().max(ISSUE_LIMITS.linkPath, `The link must be at most ${ISSUE_LIMITS.linkPath} characters.`),
};

/** The fields, with the link held to the site at `siteUrl` (SITE_URL): a newsletter never sends readers elsewhere. */
export function issueFieldsSchema(siteUrl: string) {
  return z.object({
    ...fields,
    linkPath: fields.linkPath.transform((link, context) => {
      const path = pathOnSite(link, siteUrl);
      if (path === null) context.addIssue({ code: "custom", message: LINK_MESSAGE, input: link });
      return path ?? z.NEVER;
    }),
  });
}

export type IssueFields = z.infer<ReturnType<typeof issueFieldsSchema>>;

/** Who an issue started from scratch goes to, by the publication it speaks of: all confirmed subscribers, or those whose consent covers posts. */
export const STARTED_TOPICS = ["resource", "post"] as const;

/**
 * An issue an editor starts from nothing (/console/newsletter): its audience, its words, and a picture that is a file
 * of this site (/images/…), described, since the email shows it.
 */
export function issueStartSchema(siteUrl: string) {
  // The picture's description is asked for with any other field's problem (`when`): the link's check holds it back else.
  return issueFieldsSchema(siteUrl)
    .extend({
      topic: z.enum(STARTED_TOPICS, "Choose who receives it."),
      coverPath: z
        .string()
        .trim()
        .max(ISSUE_LIMITS.coverPath, `The picture's path must be at most ${ISSUE_LIMITS.coverPath} characters.`)
        .refine((path) => path === "" || isSiteImage(path), "The picture must be a file on this site: a path starting /images/."),
      coverAlt: plainText("The picture's description", ISSUE_LIMITS.coverAlt),
    })
    .refine((issue) => !issue.coverPath || issue.coverAlt !== "", {
      path: ["coverAlt"],
      message: "Describe the picture for readers who do not see it.",
      when: () => true,
    });
}

export type IssueStart = z.infer<ReturnType<typeof issueStartSchema>>;
