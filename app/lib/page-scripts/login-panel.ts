// The login page's one behaviour, without React (decision 031): Sign in, or Enter in a field, says where signing in
// happens. It never reads what was typed, so nothing typed reaches a console, storage or the network.
import type { PageScript } from "~/lib/hydration";

/** Serialised into the page, so it uses nothing from this module's scope. */
function startLoginPanel() {
  // Marks the panel, which restyles itself (data-explained), and writes into its status line so it is announced.
  const explain = (panel: HTMLElement) => {
    panel.dataset.explained = "";
    const sent = panel.querySelector("[data-login-sent]");
    if (sent) sent.textContent = "Nothing was sent. ";
  };
  const panelOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>("[data-login-panel]") : null);
  document.addEventListener("click", (event) => {
    const panel = panelOf(event.target);
    if (panel && event.target instanceof Element && event.target.closest("[data-login-explain]")) explain(panel);
  });
  // With no submit button Enter never submits; it points to the app's sign-in instead.
  document.addEventListener("keydown", (event) => {
    const panel = panelOf(event.target);
    if (panel && event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      explain(panel);
    }
  });
}

export const loginPanelScript: PageScript = { start: startLoginPanel, args: [] };
