// An editor at the campaign pages' console (docs/decisions/047, 048), as their browser without JavaScript is: signed
// in, reading the editor's form as the server rendered it and posting it back with a button's intent, so every test
// sends exactly the fields the form has.
import { parseHtml } from "./page-document";
import { operatorSession, sessionCookie, OPERATOR_PASSWORD } from "./operators";

/** A form's fields as a browser would post them: inputs (a checkbox only when checked), text areas, selects. */
export function formFields(html: string, selector: string): Record<string, string> {
  const form = parseHtml(html).querySelector(selector);
  if (!form) throw new Error(`no form ${selector}`);
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll("input[name]")) {
    const type = input.getAttribute("type") ?? "text";
    if (type === "submit" || type === "file") continue;
    if (type === "checkbox" && !input.hasAttribute("checked")) continue;
    fields[input.getAttribute("name")!] = input.getAttribute("value") ?? (type === "checkbox" ? "on" : "");
  }
  for (const area of form.querySelectorAll("textarea[name]")) fields[area.getAttribute("name")!] = area.textContent ?? "";
  for (const select of form.querySelectorAll("select[name]")) {
    const options = [...select.querySelectorAll("option")];
    const chosen = options.find((option) => option.hasAttribute("selected")) ?? options[0];
    fields[select.getAttribute("name")!] = chosen?.getAttribute("value") ?? "";
  }
  return fields;
}

export interface PageEditorSession {
  /** Creates a page; its id, or the refusal's page. */
  create(path: string, title: string): Promise<{ id: number } | { refused: string }>;
  /** The editor's form of a page, as rendered now. */
  fields(id: number): Promise<Record<string, string>>;
  /** Posts the page's form as rendered now, with changes and a button's intent. */
  send(id: number, intent: string, changes?: Record<string, string>): Promise<Response>;
  /** Adds a block of a type and returns its id (the last block of the form). */
  addBlock(id: number, type: string): Promise<string>;
  /** Posts to any console address with the session's token. */
  post(target: string, fields: Record<string, string>): Promise<Response>;
  get(target: string): Promise<Response>;
}

export async function pageEditorSession(url: string, email: string, password = OPERATOR_PASSWORD): Promise<PageEditorSession> {
  const post = await operatorSession(url, email, password, "/console/pages");
  const cookie = await sessionCookie(url, email, password);
  const get = (target: string) => fetch(`${url}${target}`, { headers: { Cookie: cookie }, redirect: "manual" });
  // The form's own token is the reading session's; the poster sends its own.
  const fields = async (id: number) => {
    const { csrf: _token, ...rest } = formFields(await (await get(`/console/pages/${id}`)).text(), "#page-form");
    return rest;
  };
  const send = async (id: number, intent: string, changes: Record<string, string> = {}) =>
    post(`/console/pages/${id}`, { ...(await fields(id)), ...changes, intent });
  return {
    async create(path, title) {
      const response = await post("/console/pages", { path, title });
      const location = response.headers.get("location");
      if (response.status === 303 && location) return { id: Number(/\/console\/pages\/(\d+)/.exec(location)![1]) };
      return { refused: await response.text() };
    },
    fields,
    send,
    async addBlock(id, type) {
      const response = await send(id, "add-block", { newBlock: type });
      if (response.status !== 200) throw new Error(`block ${type} not added: ${response.status}`);
      const order = (await fields(id)).order!.split(",");
      return order.at(-1)!;
    },
    post,
    get,
  };
}
