import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toaster";

interface ShareButtonProps {
  title: string;
  text: string;
  url: string;
}

/** The system share sheet where the browser has one, else the link copied to the clipboard with a toast. */
export function ShareButton({ title, text, url }: ShareButtonProps) {
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied to clipboard");
    } catch {
      toast.error("Could not copy the link", { description: url });
    }
  }

  return (
    <Button type="button" variant="outline" onClick={() => void share()}>
      <Icon name="share" />
      Share
    </Button>
  );
}
