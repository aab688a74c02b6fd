// /blog filters as the visitor types, without React (decision 031, 2026-11-29): the page script asks the server for the
// list the GET form would load (`/blog?q=…&category=…`, answered from the page cache) and swaps its results in, so the
// ranking and the markup have one source, the server. Without the script the form is the same GET form.
import type { PageScript } from "~/lib/hydration";
import { BLOG_FILTERS_ID } from "./blog-filters";
import { CATEGORY_PARAM, SEARCH_PARAM } from "./list";

/** How long typing pauses before the list follows: one request per pause, not per key. */
const TYPING_PAUSE_MS = 150;

/**
 * Serialised into the page, so it uses nothing from this module's scope, and its comments stay out here (the text is
 * sent as it is). The list (blog-list.tsx) marks what is swapped: `data-blog-results` (the cards, the pages or the
 * empty state) and `data-blog-status`, the count in a polite live region, written in place so it is announced; Reset
 * Filters is `data-blog-reset`. The category buttons and Search take the server's attributes (which is pressed, what
 * Search carries). A newer change aborts the request before it, so a slow answer never lands over a newer one; when the
 * server cannot answer, the browser loads the address as the form would. History: one entry a search, as the form
 * made. The first pause in typing pushes one, typing on and Enter replace it; a category button and Reset push one;
 * Back and Forward show the entry's list again.
 */
function startBlogSearch(formId: string, searchParam: string, categoryParam: string, pauseMs: number) {
  const form = () => document.getElementById(formId) as HTMLFormElement | null;
  const box = () => form()?.querySelector<HTMLInputElement>(`input[name="${searchParam}"]`);
  let category = form()?.querySelector<HTMLButtonElement>('[role="group"] [aria-pressed="true"]')?.value ?? "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  let typing = false;

  const show = async (query: string, chosen: string, change: "type" | "enter" | "button" | "back") => {
    clearTimeout(timer);
    const params = new URLSearchParams();
    if (query !== "") params.set(searchParam, query);
    if (chosen !== "") params.set(categoryParam, chosen);
    const search = params.toString();
    const address = `/blog${search ? `?${search}` : ""}#${formId}`;
    pending?.abort();
    const request = (pending = new AbortController());
    let next: Document;
    try {
      const response = await fetch(address, { signal: request.signal });
      if (!response.ok) throw new Error(response.statusText);
      next = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      if (pending === request) location.assign(address);
      return;
    }
    if (pending !== request) return;
    const swap = (selector: string, attribute: "innerHTML" | "textContent") => {
      const here = document.querySelector(selector);
      if (here) here[attribute] = next.querySelector(selector)?.[attribute] ?? "";
    };
    swap("[data-blog-results]", "innerHTML");
    swap("[data-blog-status]", "textContent");
    const rendered = next.getElementById(formId)?.querySelectorAll("button");
    form()
      ?.querySelectorAll("button")
      .forEach((button, index) => {
        const source = rendered?.[index];
        for (const name of ["class", "aria-pressed", "name", "value"]) {
          const value = source?.getAttribute(name);
          if (value == null) button.removeAttribute(name);
          else button.setAttribute(name, value);
        }
      });
    category = chosen;
    if (change !== "back" && address !== location.pathname + location.search + location.hash)
      history[typing && change !== "button" ? "replaceState" : "pushState"](null, "", address);
    typing = change === "type";
  };

  document.addEventListener("input", (event) => {
    const input = box();
    if (!input || event.target !== input) return;
    clearTimeout(timer);
    timer = setTimeout(() => void show(input.value, category, "type"), pauseMs);
  });
  document.addEventListener("submit", (event) => {
    const input = box();
    if (!input || event.target !== form()) return;
    event.preventDefault();
    const button = event.submitter?.closest<HTMLButtonElement>('[role="group"] button');
    void show(input.value, button ? button.value : category, button ? "button" : "enter");
  });
  document.addEventListener("click", (event) => {
    const input = box();
    const reset = event.target instanceof Element && event.target.closest("[data-blog-reset]");
    if (!input || !reset || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    input.value = "";
    void show("", "", "button");
    input.focus();
  });
  addEventListener("popstate", () => {
    const input = box();
    if (!input || location.pathname !== "/blog") return;
    const params = new URLSearchParams(location.search);
    input.value = params.get(searchParam) ?? "";
    void show(input.value, params.get(categoryParam) ?? "", "back");
  });
}

export const blogSearchScript: PageScript = {
  start: startBlogSearch,
  args: [BLOG_FILTERS_ID, SEARCH_PARAM, CATEGORY_PARAM, TYPING_PAUSE_MS],
};
