import Menu from "lucide-react/icons/menu";
import { useRef, useState, type ComponentType } from "react";
import { Button } from "~/components/ui/button";
import type { MobileMenuPanelProps } from "./mobile-menu-panel";

// The sheet and its dialog machinery (~12 KB of gzip) load when the menu is first wanted, not with every page.
const loadPanel = () => import("./mobile-menu-panel");

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<MobileMenuPanelProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  function load() {
    if (Panel) return;
    loadPanel().then(
      (module) => setPanel(() => module.MobileMenuPanel),
      // Offline for a moment: the button stays and the next press tries again.
      () => setOpen(false),
    );
  }

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {Panel ? <Panel open={open} onOpenChange={setOpen} trigger={button} /> : null}
    </>
  );
}
