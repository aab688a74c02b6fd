// Stub: the lead-capture issue replaces this with the real form (fields, states, toasts, action).
export function ContactForm() {
  return <form method="post" action="/forms/contact" aria-label="Contact form" />;
}
