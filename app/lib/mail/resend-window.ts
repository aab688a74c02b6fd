// The forms mail the address typed into them, and anyone can type anyone's: a confirmation link or an acknowledgement
// goes to one address at most once in this window per form, however often the form is posted with it.

export const RESEND_AFTER_MS = 60 * 60_000;
