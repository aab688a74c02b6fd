import { useEffect, useState } from "react";
import { Toaster as Sonner } from "sonner";
import { currentTheme, type Theme } from "~/lib/theme";

export const TOAST_DEFAULTS = { visibleToasts: 3, duration: 4000, position: "bottom-right" } as const;

/** Follows the class on <html>, which the theme toggle and the head script own. */
function useDocumentTheme() {
  const [theme, setTheme] = useState<Theme>("light");
  useEffect(() => {
    setTheme(currentTheme());
    const observer = new MutationObserver(() => setTheme(currentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

export function Toaster() {
  const theme = useDocumentTheme();
  return (
    <Sonner
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
