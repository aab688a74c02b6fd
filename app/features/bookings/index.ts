// The bookings feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { bookingEmbedScript } from "./booking-embed-script";
export { BookingEmbed } from "./booking-embed";
export { BOOKING_REFERENCE_PATH } from "./references";
