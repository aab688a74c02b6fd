import { useEffect, useState } from "react";
import { toast, Toaster, type ExternalToast } from "sonner";
import { currentTheme, type Theme } from "~/lib/theme";

// Loaded by ./toaster on first use; nothing else imports sonner.

export type ToastOptions = Pick<ExternalToast, "description">;
export interface ToastRequest {
  kind: "success" | "error";
  title: string;
  options?: ToastOptions;
}
export interface SonnerToasterProps {
  /** Called with a way to show toasts once sonner listens, and with null when it goes away. */
  onReady: (show: ((request: ToastRequest) => void) | null) => void;
}

/** The spec's settings: at most 3 visible, 4000 ms each, bottom-right. */
export const TOAST_DEFAULTS = { visibleToasts: 3, duration: 4000, position: "bottom-right" } as const;

/** Follows the class on <html>, which the theme toggle and the head script own. */
function useDocumentTheme() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(currentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

export function SonnerToaster({ onReady }: SonnerToasterProps) {
  const theme = useDocumentTheme();
  // sonner's <Toaster> subscribes in its own effect, which runs before this one: toasts from here on are heard.
  useEffect(() => {
    onReady((request) => toast[request.kind](request.title, request.options));
    return () => onReady(null);
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
