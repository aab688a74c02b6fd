import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import type { ToastOptions, ToastRequest, SonnerToasterProps } from "./sonner-toaster";

// sonner is ~9 KB of gzip that most visits never use, so it loads on the first toast, or earlier when focus enters a
// form (a toast usually follows a submit). Until then `toast` queues; the queue plays once sonner's region is there.

let show: ((request: ToastRequest) => void) | null = null;
const queue: ToastRequest[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function enqueue(request: ToastRequest) {
  if (show) show(request);
  else {
    queue.push(request);
    want();
  }
}

/** sonner's `toast.success` / `toast.error`, callable before sonner has loaded. */
export const toast = {
  success: (title: string, options?: ToastOptions) => enqueue({ kind: "success", title, options }),
  error: (title: string, options?: ToastOptions) => enqueue({ kind: "error", title, options }),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadSonner = () => import("./sonner-toaster");

/** Mount once in the frame; renders nothing until a toast is wanted. */
export function Toaster() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const [Sonner, setSonner] = useState<ComponentType<SonnerToasterProps> | null>(null);

  useEffect(() => {
    const warmUp = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest("form")) want();
    };
    document.addEventListener("focusin", warmUp);
    return () => document.removeEventListener("focusin", warmUp);
  }, []);

  useEffect(() => {
    if (!isWanted || Sonner) return;
    loadSonner().then(
      (module) => setSonner(() => module.SonnerToaster),
      // Offline for a moment: the next toast tries again, and the queued ones play then.
      () => (wanted = false),
    );
  }, [isWanted, Sonner]);

  return Sonner ? <Sonner onReady={onReady} /> : null;
}

let mounted = 0;

function onReady(next: ((request: ToastRequest) => void) | null) {
  const mount = ++mounted;
  show = null;
  if (!next) return;
  // Screen readers announce changes to a live region that already exists, so the queued toasts wait a moment.
  window.setTimeout(() => {
    if (mount !== mounted) return;
    for (const request of queue.splice(0)) next(request);
    show = next;
  }, 100);
}
