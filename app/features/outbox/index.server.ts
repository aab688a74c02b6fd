// The outbox feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { isOutboxStatus, outboxCounts, outboxFor, outboxPage, outboxTimeline, type OutboxStatus } from "./outbox.server";
