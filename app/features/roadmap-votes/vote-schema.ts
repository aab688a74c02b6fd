import { z } from "../../lib/forms/zod";
import { LIMITS } from "~/lib/forms/limits";
import { emailField, plainText, withoutControlCharacters } from "../../lib/forms/form-fields";

export const UNKNOWN_ITEM_MESSAGE = "This item is not open for votes. Please pick a planned item on the roadmap.";

/** Optional plain words: no markup, no control characters; empty is stored as NULL. */
const optionalPlain = (label: string, max: number, multiline = false) =>
  withoutControlCharacters(plainText(label, max), label, { multiline })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * "I want this too" on a planned roadmap item (decision 036). `isVotable` says whether an item id names a planned item
 * today (the roadmap's items are read on the server, app/features/roadmap-votes/).
 */
export const roadmapVoteSchema = (isVotable: (itemId: string) => boolean) =>
  z.object({
    itemId: z
      .string(UNKNOWN_ITEM_MESSAGE)
      .trim()
      .max(LIMITS.roadmapItemId, UNKNOWN_ITEM_MESSAGE)
      .refine((id) => isVotable(id), UNKNOWN_ITEM_MESSAGE),
    email: emailField,
    name: optionalPlain("Name", LIMITS.name),
    note: optionalPlain("Note", LIMITS.voteNote, true),
  });

export type RoadmapVote = z.infer<ReturnType<typeof roadmapVoteSchema>>;

/** The form's fields as the browser posts them. */
export type RoadmapVoteInput = z.input<ReturnType<typeof roadmapVoteSchema>>;
