// Operator passwords' bounds, shared by the sign-in form and the hashing (password.server.ts).

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that no one can make the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 256;
