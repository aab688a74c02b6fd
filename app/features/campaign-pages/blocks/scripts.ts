// The page scripts a page's blocks need (decision 041): the lead forms' script when a form block is on it, the booking
// calendar's when the demo booking is. The page names them in its route's handle, read with its loader data
// (`PageScriptHandle.script` as a function, app/lib/hydration.ts), so a page without a form ships neither.
import { bookingEmbedScript } from "~/features/bookings";
import type { PageScript } from "~/lib/hydration";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import { type Block, BLOCKS } from "./declarations";

/** The page scripts of a page's blocks, each once, in a fixed order (the forms' first, as /contact names them). */
export function scriptsOf(blocks: readonly Pick<Block, "type">[]): PageScript[] {
  const forms = new Set(blocks.map((block) => BLOCKS[block.type]?.form));
  return [
    ...(forms.has("contact") || forms.has("download") || forms.has("newsletter") ? [leadFormsScript] : []),
    ...(forms.has("booking") ? [bookingEmbedScript] : []),
  ];
}
