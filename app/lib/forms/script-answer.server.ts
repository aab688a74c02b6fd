import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import type { FormAnswer } from "./guard.server";
import type { FormName } from "./names";
import { resultNotice, type ScriptAnswer } from "./result";

// The public pages run no React (decision 041): their forms' inline script posts the same form data to the same
// action and asks for JSON. A browser's own post (no JavaScript) asks for HTML and gets the form's page, as before.

/** The page script's post says `Accept: application/json`; a browser's form post never does. */
export function asksForJson(request: Request): boolean {
  return /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "");
}

type Post = (request: Request, context: Readonly<RouterContextProvider>) => Promise<FormAnswer>;

/**
 * A form route's middleware: a post that asks for JSON gets the action's result (the same FormResult, status and
 * headers) with the notice the visitor is shown, instead of the rendered page.
 */
export function answerScriptsInJson(name: FormName, post: Post): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (request.method !== "POST" || !asksForJson(request)) return next();
    const { data: result, init } = await post(request, context);
    const answer: ScriptAnswer = { ...result, notice: resultNotice(name, result).notice };
    return Response.json(answer, init ?? undefined);
  };
}
