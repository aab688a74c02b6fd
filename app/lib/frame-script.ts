import { FILL_TIME_FIELD } from "./forms/limits";
import { THEME_STORAGE_KEY } from "./theme";

// The frame's behaviour, as one small inline script at the end of <body>: the theme toggle, the mobile menu (a native
// modal <dialog>), the compact header, the footer's year and a post's Share button. It works the moment the HTML
// arrives, on pages that hydrate and on pages that never do (decision 012), so React renders the frame as plain markup.
// Every listener sits on the document, so React re-rendering or replacing the frame (an error page) changes nothing.

export const COMPACT_HEADER_AFTER_PX = 50;
const THEME_TRANSITION_MS = 300;

/** Serialised into the page, so it uses nothing from this module's scope. */
function startFrame(storageKey: string, compactAfterPx: number, transitionMs: number, fillTimeField: string) {
  const root = document.documentElement;
  const applyTheme = (theme: string) => {
    root.classList.remove("light", "dark");
    root.classList.add(theme);
    root.style.colorScheme = theme;
  };
  const stored = () => {
    try {
      return localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  };
  // Follow the system while the visitor has made no choice of their own.
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (event) => {
    if (!stored()) applyTheme(event.matches ? "dark" : "light");
  });

  const compactHeader = () => {
    const header = document.querySelector<HTMLElement>("[data-site-header]");
    if (header) header.dataset.compact = String(scrollY > compactAfterPx);
  };
  compactHeader();
  addEventListener("scroll", compactHeader, { passive: true });

  // The prerendered year is the build's.
  for (const year of document.querySelectorAll("[data-current-year]")) year.textContent = String(new Date().getFullYear());

  // A post's Share button (components/blog/share-button.tsx): the system share sheet where the browser has one, else the
  // link copied to the clipboard. The outcome goes to the status line below the button, emptied first and written a
  // moment later, so that a screen reader announces it again on the next click.
  const share = async ({ dataset: { shareTitle: title, shareText: text, shareUrl: url = location.href } }: HTMLElement) => {
    const status = document.querySelector("[data-share-status]");
    if (status) status.textContent = "";
    if (typeof navigator.share === "function") {
      try {
        return await navigator.share({ title, text, url });
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    let message = "Link copied to clipboard";
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      message = `Could not copy the link: ${url}`;
    }
    if (status)
      setTimeout(() => {
        status.textContent = message;
      }, 100);
  };

  const openerOf = (dialog: Element) => document.querySelector<HTMLElement>(`[aria-controls="${dialog.id}"]`);
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const shareButton = target.closest<HTMLElement>("[data-share]");
    if (shareButton) {
      void share(shareButton);
      return;
    }
    if (target.closest("[data-theme-toggle]")) {
      const next = root.classList.contains("dark") ? "light" : "dark";
      root.classList.add("theme-transition");
      applyTheme(next);
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // Private modes may refuse storage; the theme still applies for this page view.
      }
      setTimeout(() => root.classList.remove("theme-transition"), transitionMs);
      return;
    }
    const opener = target.closest("[data-menu-open]");
    const menu = opener && document.getElementById(opener.getAttribute("aria-controls") ?? "");
    if (opener && menu instanceof HTMLDialogElement) {
      menu.showModal();
      opener.setAttribute("aria-expanded", "true");
      return;
    }
    // A click on the backdrop lands on the <dialog> itself; its content sits in a wrapper that fills it.
    const dialog = target.closest("dialog[data-menu]");
    if (dialog instanceof HTMLDialogElement && (target === dialog || target.closest("a[href], [data-menu-close]"))) dialog.close();
  });
  // `close` does not bubble: caught on the way down. Escape closes a modal <dialog> by itself.
  document.addEventListener(
    "close",
    (event) => {
      if (!(event.target instanceof HTMLDialogElement) || !event.target.hasAttribute("data-menu")) return;
      const opener = openerOf(event.target);
      opener?.setAttribute("aria-expanded", "false");
      opener?.focus();
    },
    true,
  );
  // How long the page has been open when a lead form is posted, with or without React (the guard's time trap): added as
  // the browser builds the form's data, so the prerendered form needs no field or token of its own.
  document.addEventListener(
    "formdata",
    (event) => {
      if (event.target instanceof HTMLFormElement && event.target.hasAttribute("data-lead-form"))
        event.formData.set(fillTimeField, String(Math.round(performance.now())));
    },
    true,
  );
  // Tab and Shift+Tab go round the open menu instead of leaving it for the browser's own controls.
  document.addEventListener("keydown", (event) => {
    const dialog = event.target instanceof Element ? event.target.closest("dialog[data-menu][open]") : null;
    if (event.key !== "Tab" || !dialog) return;
    const stops = [...dialog.querySelectorAll<HTMLElement>("a[href], button")];
    const edge = event.shiftKey ? stops[0] : stops[stops.length - 1];
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? stops[stops.length - 1] : stops[0])?.focus();
  });
}

/**
 * The inline script's text; a function,
 * so that the browser bundle, which never calls it (app/root.tsx), leaves it out.
 */
export function frameScript() {
  return `(${startFrame.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${COMPACT_HEADER_AFTER_PX},${THEME_TRANSITION_MS},${JSON.stringify(FILL_TIME_FIELD)});`;
}
