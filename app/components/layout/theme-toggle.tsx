import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { applyTheme, currentTheme, THEME_STORAGE_KEY, type Theme } from "~/lib/theme";

const TRANSITION_MS = 300;

export function ThemeToggle() {
  // Unknown until mounted: the server cannot know the visitor's theme, the inline head script already applied it.
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    setTheme(currentTheme());
    // Follow the system while the visitor has made no choice of their own.
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onSystemChange = (event: MediaQueryListEvent) => {
      if (localStorage.getItem(THEME_STORAGE_KEY)) return;
      const next: Theme = event.matches ? "dark" : "light";
      applyTheme(next);
      setTheme(next);
    };
    media.addEventListener("change", onSystemChange);
    return () => media.removeEventListener("change", onSystemChange);
  }, []);

  function toggle() {
    const next: Theme = currentTheme() === "dark" ? "light" : "dark";
    const root = document.documentElement;
    root.classList.add("theme-transition");
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private modes may refuse storage; the theme still applies for this page view.
    }
    setTheme(next);
    window.setTimeout(() => root.classList.remove("theme-transition"), TRANSITION_MS);
  }

  const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <Button variant="ghost" size="icon" onClick={toggle} aria-label={label} title={label} data-theme-state={theme ?? "unknown"}>
      <Sun className="scale-100 rotate-0 transition-transform duration-300 dark:scale-0 dark:-rotate-90" aria-hidden="true" />
      <Moon className="absolute scale-0 rotate-90 transition-transform duration-300 dark:scale-100 dark:rotate-0" aria-hidden="true" />
    </Button>
  );
}
