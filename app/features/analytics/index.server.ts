// The analytics feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { seesLeads } from "./access.server";
export { CAMPAIGN, SOURCE } from "./aggregate.server";
export { type Analytics, type AnalyticsOptions, createAnalytics } from "./analytics.server";
export { dayOf, deviceOf, type Hit, notAVisitor } from "./hits.server";
export { countAnswered, pageViews } from "./middleware.server";
export { buildReport, consoleBrowsersToday, type DemoCount, LEAD_TABLE_IDS, REPORT_TABLE_IDS } from "./reports.server";
export { analyticsGoals, analyticsRolledDays } from "./tables";
