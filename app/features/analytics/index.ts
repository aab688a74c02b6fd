// The analytics feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { type Goal, GOAL_LABELS } from "./goals";
export { countedNavigation } from "./navigation";
export { bookingPageUrl } from "./outbound";
export { addDays, type DateRange, daysOf, parseRange } from "./range";
export { BarChart, LineChart } from "./report-chart";
export { reportCsv, reportFileName } from "./report-csv";
export { countsNothing, isEmpty, isWide, ReportTableView } from "./report-table";
export type { Report, ReportTable } from "./report-types";
