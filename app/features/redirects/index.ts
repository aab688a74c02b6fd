// The redirects feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { doneKeyOf, REDIRECT_DONE, releasedSentence } from "./done";
export { RedirectForm, type RedirectFormValues, STATUS_LABELS } from "./redirect-form";
