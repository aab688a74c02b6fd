// The outbox feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { OUTBOX_STATUS, OutboxList, OutboxStatusBadge } from "./outbox-list";
export { SuppressionList } from "./suppression-list";
export type { OutboxRow, WordedOutboxRow } from "./types";
