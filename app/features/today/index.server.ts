// The Today feature's public module for server code (decision 039): its loader's reading, for the routes and the tests.

export { type TodayView, todayFor } from "./today.server";
