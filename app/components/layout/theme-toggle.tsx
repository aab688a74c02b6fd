import { buttonVariants } from "~/components/ui/button";

import { Icon } from "~/components/ui/icon";
/**
 * Plain markup: the frame's inline script (lib/frame-script.ts) switches the theme, so the button works before and
 * without hydration. Its name follows the theme through CSS, the same way the icons do.
 */
export function ThemeToggle() {
  return (
    <button type="button" data-theme-toggle className={buttonVariants({ variant: "ghost", size: "icon" })}>
      <Icon name="sun" className="scale-100 rotate-0 transition-transform duration-300 dark:scale-0 dark:-rotate-90" />
      <Icon name="moon" className="absolute scale-0 rotate-90 transition-transform duration-300 dark:scale-100 dark:rotate-0" />
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
    </button>
  );
}
