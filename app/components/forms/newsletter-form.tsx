// Stub: the lead-capture issue replaces this with the real form.
export function NewsletterForm({ source }: { source: string }) {
  return <form method="post" action="/forms/newsletter" aria-label="Newsletter signup" data-source={source} />;
}
