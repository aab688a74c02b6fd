import type { ToastOptions, ToastRequest } from "./sonner-toaster";

// sonner is ~9 KB of gzip that most visits never use, so it loads with the first toast, or as soon as focus enters a
// form (a toast usually follows a submit), and mounts in a React root of its own: no page carries a toaster until then.
// The spec's settings (3 visible, 4000 ms, bottom-right) live in ./sonner-toaster.

let show: ((request: ToastRequest) => void) | null = null;
let loading: Promise<unknown> | null = null;
const queue: ToastRequest[] = [];

function load() {
  loading ??= import("./sonner-toaster").then(
    (module) =>
      module.mountToaster((ready) => {
        for (const request of queue.splice(0)) ready(request);
        show = ready;
      }),
    // Offline for a moment: the next toast tries again, and the queued ones play then.
    () => (loading = null),
  );
}

function enqueue(request: ToastRequest) {
  if (show) return show(request);
  queue.push(request);
  load();
}

/** sonner's `toast.success` / `toast.error`, callable before sonner has loaded. */
export const toast = {
  success: (title: string, options?: ToastOptions) => enqueue({ kind: "success", title, options }),
  error: (title: string, options?: ToastOptions) => enqueue({ kind: "error", title, options }),
};

if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.closest("form")) load();
  });
}
