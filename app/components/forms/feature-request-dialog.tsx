// Stub: the lead-capture issue replaces this with the real dialog; it renders its own 'Request Feature' trigger.
export function FeatureRequestDialog() {
  return <a href="/forms/feature-request">Request Feature</a>;
}
