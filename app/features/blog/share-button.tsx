import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

interface ShareButtonProps {
  title: string;
  text: string;
  url: string;
}

/**
 * The system share sheet where the browser has one, else the link copied to the clipboard, said in the status line
 * below the button. Plain markup: the frame's inline script (lib/frame-script.ts) does the sharing, so the post page
 * ships no React (decision 012) and the button works the same on a post React rendered after a client-side visit.
 *
 * Two items of the post's footer (a wrapping flex row): the button at the end of its line and the status on a line of its
 * own below. While empty the status is taken out of the row (absolute, not hidden: a live region must stay in the
 * accessibility tree to be announced), so the footer keeps its height and a message moves neither button nor tags.
 */
export function ShareButton({ title, text, url }: ShareButtonProps) {
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="ml-auto"
        data-share=""
        data-share-title={title}
        data-share-text={text}
        data-share-url={url}
      >
        <Icon name="share" />
        Share
      </Button>
      {/* Present and empty from the start: screen readers announce what the script later writes into it. */}
      <div
        role="status"
        aria-live="polite"
        data-share-status=""
        className="-mt-2 w-full text-right text-sm break-words text-muted-foreground empty:absolute"
      />
    </>
  );
}
