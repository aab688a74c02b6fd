// The bookings feature's public module for server code (decision 039): what other features, the routes (loaders and
// actions), the server, the scripts and the tests may use of its server side. Never imported by a component.

export { type BookingLinks, createBookingLinks } from "./links.server";
export { receiveBooking, signatureHeaderOf } from "./receive.server";
export { demoCounts } from "./report.server";
export { BOOKING_PROVIDERS, type BookingProvider, demoBookingEvents, demoBookings } from "./tables";
export { bookingTimeline } from "./timeline.server";
