// The public forms' behaviour without React (decision 041): the contact form, the newsletter's, the feature request and
// the downloads, in their dialogs or on their own pages. Every form is a plain post to /forms/<name> that works without
// this script; with it, the submit is sent with fetch (Accept: application/json, app/lib/forms/script-answer.server.ts)
// and the answer shown in the server-rendered markup: the pending label, the messages under the fields, the toasts
// (components/forms/form-toasts.tsx), the download's 'Thank you!'. The dialogs are native modal <dialog>s.
import { FORM_NAMES, type FormName } from "~/lib/forms/names";
import { failureNotice, RESOURCE_LEADS_KEY, type Notice, type ScriptAnswer, type StoredResourceLead } from "~/lib/forms/result";
import type { PageScript } from "~/lib/hydration";

/** How many toasts show at once and for how long (the spec's: 3, 4000 ms, bottom-right). */
export const TOAST_LIMITS = { visible: 3, durationMs: 4000 } as const;

/** Serialised into the page, so it uses nothing from this module's scope. */
function startLeadForms(unanswered: Record<string, Notice>, storageKey: string, limits: { visible: number; durationMs: number }) {
  // An open modal <dialog> is in the top layer and makes the rest of the page inert: the toasts go inside it while it is
  // open (fixed to the viewport all the same), so they show above it and stay announced, and back to the page after.
  const placeToaster = () => {
    const toaster = document.querySelector("[data-toaster]");
    const host = document.querySelector("dialog[data-form-dialog][open]") ?? document.body;
    if (toaster && toaster.parentElement !== host) host.append(toaster);
    return toaster;
  };
  const toast = (type: "success" | "error", notice: Notice) => {
    const toaster = placeToaster();
    const template = toaster?.querySelector<HTMLTemplateElement>(`template[data-toast-template="${type}"]`);
    const item = template?.content.firstElementChild?.cloneNode(true);
    const list = toaster?.querySelector("ol");
    if (!(item instanceof HTMLElement) || !list) return;
    item.querySelector("[data-toast-title]")!.textContent = notice.title;
    const description = item.querySelector("[data-toast-description]")!;
    if (notice.description) description.textContent = notice.description;
    else description.remove();
    list.append(item);
    const shown = list.querySelectorAll(":scope > [data-toast]");
    for (const old of [...shown].slice(0, Math.max(0, shown.length - limits.visible))) old.remove();
    setTimeout(() => item.remove(), limits.durationMs);
  };

  const storedLeads = (): StoredResourceLead[] => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "[]");
      return Array.isArray(stored) ? (stored as StoredResourceLead[]) : [];
    } catch {
      return [];
    }
  };

  // A download box ([data-download]: in the dialog, or on /forms/download) shows its form steps or its ready step.
  const showStep = (box: Element, step: "form" | "ready") => {
    for (const part of box.querySelectorAll<HTMLElement>("[data-download-step]")) part.hidden = part.dataset.downloadStep !== step;
    const dialog = box.closest("dialog");
    dialog?.setAttribute("aria-labelledby", `${dialog.id}-${step === "ready" ? "ready" : "title"}`);
  };
  /** A returning visitor (a lead kept in this browser) is offered the file in one click, as the newest lead. */
  const offerContinue = (box: Element) => {
    const form = box.querySelector<HTMLFormElement>("form[data-continue-as]");
    const lead = storedLeads().at(-1);
    if (!form || !lead) return;
    form.querySelector<HTMLInputElement>("[name=name]")!.value = lead.name;
    form.querySelector<HTMLInputElement>("[name=email]")!.value = lead.email;
    form.querySelector("button")!.textContent = `Continue as ${lead.name} (${lead.email.split("@")[0]}@…)`;
    form.hidden = false;
  };
  const downloadReady = (box: HTMLElement, lead: StoredResourceLead | undefined) => {
    if (lead) {
      try {
        localStorage.setItem(storageKey, JSON.stringify([...storedLeads(), lead]));
      } catch {
        // Storage full or blocked: the lead is already stored on the server.
      }
    }
    showStep(box, "ready");
    // Saves the file without leaving the page (the server sends it as an attachment).
    const save = document.createElement("a");
    save.href = box.dataset.downloadUrl ?? "";
    save.download = box.dataset.downloadFile ?? "";
    document.body.append(save);
    save.click();
    save.remove();
    // In the dialog the form that had focus is hidden: the file is what the visitor wants next.
    if (box.closest("dialog")) box.querySelector<HTMLElement>("[data-download-now]")?.focus();
  };

  /** The resource a download link names, written into the dialog's box before it opens. */
  const prepareDownload = (box: HTMLElement, link: HTMLElement) => {
    const { resourceId = "", resourceTitle = "", resourceUrl = "", resourceAction = "" } = link.dataset;
    box.dataset.downloadUrl = link.dataset.resourceDownload;
    box.dataset.downloadFile = link.dataset.resourceFile;
    for (const title of box.querySelectorAll("[data-resource-title]")) title.textContent = resourceTitle;
    for (const input of box.querySelectorAll<HTMLInputElement>("input[name=resourceId]")) input.value = resourceId;
    for (const form of box.querySelectorAll("form")) form.action = resourceAction;
    box.querySelector<HTMLAnchorElement>("[data-download-now]")!.href = resourceUrl;
    box.querySelector<HTMLFormElement>("form[data-continue-as]")!.hidden = true;
    showStep(box, "form");
    offerContinue(box);
  };

  const openers = new Map<HTMLDialogElement, HTMLElement>();
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    target?.closest("[data-toast-close]")?.closest("[data-toast]")?.remove();
    const link = target?.closest<HTMLElement>("a[data-dialog-open]");
    const dialog = link && document.getElementById(link.getAttribute("aria-controls") ?? "");
    if (link && dialog instanceof HTMLDialogElement) {
      // A modifier key or another button: the link's own page, as without JavaScript.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const box = dialog.querySelector<HTMLElement>("[data-download]");
      if (box) prepareDownload(box, link);
      openers.set(dialog, link);
      dialog.showModal();
      return;
    }
    // A click on the backdrop lands on the <dialog> itself; its content sits in a wrapper that fills it.
    const open = target?.closest("dialog[data-form-dialog]");
    if (open instanceof HTMLDialogElement && (target === open || target?.closest("[data-dialog-close]"))) open.close();
  });
  // `close` does not bubble: caught on the way down. Escape closes a modal <dialog> by itself.
  document.addEventListener(
    "close",
    (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement) || !dialog.hasAttribute("data-form-dialog")) return;
      const box = dialog.querySelector("[data-download]");
      if (box) showStep(box, "form");
      placeToaster();
      openers.get(dialog)?.focus();
    },
    true,
  );

  /** Shows each field's first message under it, or none; focus goes to the first field in error. */
  const showFieldErrors = (form: HTMLFormElement, errors: Record<string, string[] | null | undefined>) => {
    let first: HTMLElement | null = null;
    for (const control of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input:not([type=hidden]), textarea")) {
      const field = control.closest("[data-slot=field]");
      if (!field || !control.id) continue;
      const errorId = `${control.id}-error`;
      document.getElementById(errorId)?.remove();
      const message = errors[control.name]?.[0];
      if (!message) {
        control.removeAttribute("aria-invalid");
        control.removeAttribute("aria-describedby");
        continue;
      }
      const line = document.createElement("p");
      line.id = errorId;
      line.setAttribute("role", "alert");
      line.className = "text-sm font-medium text-destructive";
      line.textContent = message;
      field.append(line);
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", errorId);
      first ??= control;
    }
    first?.focus();
  };

  const answer = (form: HTMLFormElement, name: string, result: ScriptAnswer | null) => {
    const box = form.closest<HTMLElement>("[data-download]");
    const showsFieldErrors = !form.hasAttribute("data-errors-by-toast");
    if (showsFieldErrors)
      showFieldErrors(form, result?.status === "invalid" ? ((result.reply.error ?? {}) as Record<string, string[]>) : {});
    if (!result) return toast("error", unanswered[name]!);
    if (result.status === "success") {
      // The answer clears what was typed, as the form's page does after a post.
      for (const control of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input:not([type=hidden]), textarea"))
        control.value = "";
      if (box) return downloadReady(box, result.lead);
      toast("success", result.notice);
      if (form.hasAttribute("data-close-on-success")) form.closest("dialog")?.close();
      return;
    }
    // Field messages show under their fields; a form-level message, a failure or an unseen message is a toast.
    if (result.status === "invalid" && result.message) return toast("error", { title: result.message });
    if (result.status === "invalid" && showsFieldErrors) return;
    toast("error", result.status === "error" ? result.notice : unanswered[name]!);
  };

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-in-place")) return;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[type=submit], button:not([type])");
    if (!button || button.disabled) return;
    // new FormData fires `formdata`, where the frame's script adds the fill time (the time trap).
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    const label = button.textContent;
    button.disabled = true;
    button.textContent = button.dataset.pendingLabel ?? label;
    const name = form.dataset.leadForm ?? "";
    void fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } })
      .then((response) => (response.headers.get("Content-Type")?.includes("json") ? (response.json() as Promise<ScriptAnswer>) : null))
      .catch(() => null)
      .then((result) => {
        button.disabled = false;
        button.textContent = label;
        answer(form, name, result);
      });
  });

  for (const box of document.querySelectorAll("[data-download]:not(dialog [data-download])")) offerContinue(box);
}

export const leadFormsScript: PageScript = {
  start: startLeadForms,
  args: [
    // What the visitor is told when a post gets no answer the form can read (offline, refused before the action).
    Object.fromEntries(FORM_NAMES.map((name: FormName) => [name, failureNotice(name, "exception")])),
    RESOURCE_LEADS_KEY,
    TOAST_LIMITS,
  ],
};
