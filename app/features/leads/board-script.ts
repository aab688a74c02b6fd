// The board's one behaviour, without React (decision 044): a card moves by drag and drop, or by keyboard (Space picks
// it up, the arrows choose a column, Space drops, Escape puts it back). Either way the script only fills in and submits
// the card's own move form, the one that works without JavaScript, so a move is the same post, check and audit line.
import type { PageScript } from "~/lib/hydration";

/** Serialised into the page, so it uses nothing from this module's scope. */
function startBoard() {
  const board = document.querySelector<HTMLElement>("[data-board]");
  if (!board) return;
  const live = board.querySelector<HTMLElement>("[data-board-live]");
  const say = (text: string) => {
    if (!live) return;
    live.textContent = "";
    setTimeout(() => (live.textContent = text), 50);
  };
  const columns = () => [...board.querySelectorAll<HTMLElement>("[data-board-column]")];
  const nameOf = (card: HTMLElement) => card.dataset.name ?? "The card";
  const mark = (column: HTMLElement | null) => {
    for (const each of columns()) each.toggleAttribute("data-drop-target", each === column);
  };
  /** Submits the card's move form for a stage; false when it is already there. */
  const move = (card: HTMLElement, column: HTMLElement) => {
    const stage = column.dataset.stage;
    const form = card.querySelector<HTMLInputElement>('input[name="intent"][value="move"]')?.form;
    const select = form?.querySelector<HTMLSelectElement>('select[name="stage"]');
    if (!stage || !form || !select || card.dataset.stage === stage) return false;
    select.value = stage;
    say(`Moving ${nameOf(card)} to ${column.dataset.label}.`);
    form.requestSubmit();
    return true;
  };

  for (const card of board.querySelectorAll<HTMLElement>("[data-card]")) {
    card.draggable = true;
    card.tabIndex = 0;
    card.setAttribute("aria-describedby", "board-keys");
  }
  board.querySelector("#board-keys")?.removeAttribute("hidden");

  let dragged: HTMLElement | null = null;
  const columnAt = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>("[data-board-column]") : null);
  board.addEventListener("dragstart", (event) => {
    dragged = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>("[data-card]") : null;
    if (!dragged || !event.dataTransfer) return;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged.id);
  });
  board.addEventListener("dragover", (event) => {
    const column = columnAt(event.target);
    if (!dragged || !column) return;
    event.preventDefault();
    mark(column);
  });
  board.addEventListener("drop", (event) => {
    const column = columnAt(event.target);
    if (!dragged || !column) return;
    event.preventDefault();
    if (!move(dragged, column)) mark(null);
  });
  board.addEventListener("dragend", () => {
    dragged = null;
    mark(null);
  });

  let picked: HTMLElement | null = null;
  let target = 0;
  board.addEventListener("keydown", (event) => {
    const card = event.target instanceof HTMLElement && event.target.matches("[data-card]") ? event.target : null;
    if (!card) return;
    const list = columns();
    const pick = event.key === " " || event.key === "Enter";
    if (!picked && pick) {
      event.preventDefault();
      picked = card;
      target = list.findIndex((column) => column.dataset.stage === card.dataset.stage);
      mark(list[target] ?? null);
      say(`Picked up ${nameOf(card)}. Left and right arrows choose a stage, Space drops it there, Escape puts it back.`);
    } else if (picked === card && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      event.preventDefault();
      target = Math.min(list.length - 1, Math.max(0, target + (event.key === "ArrowRight" ? 1 : -1)));
      mark(list[target] ?? null);
      say(`Over ${list[target]?.dataset.label}.`);
    } else if (picked === card && pick) {
      event.preventDefault();
      picked = null;
      const column = list[target];
      if (!column || !move(card, column)) {
        mark(null);
        say(`${nameOf(card)} stays where it was.`);
      }
    } else if (picked === card && event.key === "Escape") {
      picked = null;
      mark(null);
      say(`${nameOf(card)} stays where it was.`);
    }
  });

  // After a move the address names the card (#card-…): focus goes back to it, so the keyboard carries on from there.
  if (location.hash.startsWith("#card-")) document.getElementById(location.hash.slice(1))?.focus();
}

export const boardScript: PageScript = { start: startBoard, args: [] };
