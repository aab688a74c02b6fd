import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { toast, Toaster, type ExternalToast } from "sonner";
import { currentTheme, type Theme } from "~/lib/theme";

// Loaded by ./toaster on first use; nothing else imports sonner.

export type ToastOptions = Pick<ExternalToast, "description">;
export interface ToastRequest {
  kind: "success" | "error";
  title: string;
  options?: ToastOptions;
}
type Show = (request: ToastRequest) => void;

/** The spec's settings: at most 3 visible, 4000 ms each, bottom-right. */
export const TOAST_DEFAULTS = { visibleToasts: 3, duration: 4000, position: "bottom-right" } as const;

/** Follows the class on <html>, which the head script and the theme toggle own. */
function useDocumentTheme() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(currentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

function SonnerToaster({ onReady }: { onReady: (show: Show) => void }) {
  const theme = useDocumentTheme();
  useEffect(() => {
    // sonner's <Toaster> has subscribed in its own effect, which ran first. Screen readers announce changes to a live
    // region that already exists, so the first toasts wait a moment after it appears.
    const timer = window.setTimeout(() => onReady((request) => toast[request.kind](request.title, request.options)), 100);
    return () => window.clearTimeout(timer);
  }, [onReady]);
  return (
    <Toaster
      theme={theme}
      position={TOAST_DEFAULTS.position}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      duration={TOAST_DEFAULTS.duration}
      closeButton
      richColors
      toastOptions={{ className: "font-sans" }}
    />
  );
}

/** Renders sonner's toaster into a root of its own at the end of <body>; `onReady` gets the way to show toasts. */
export function mountToaster(onReady: (show: Show) => void) {
  const container = document.createElement("div");
  container.dataset.toaster = "";
  document.body.append(container);
  createRoot(container).render(<SonnerToaster onReady={onReady} />);
}
