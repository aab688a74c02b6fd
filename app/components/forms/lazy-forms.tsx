import { lazy, Suspense, type ComponentType } from "react";

// The forms that sit in a page (not in a dialog) carry Conform and their own code: they load after the page hydrates
// (each feature wraps its own: app/features/leads/lazy-forms.tsx, app/features/newsletter/lazy-form.tsx).
// Until then the server's HTML stays as it is and works as a plain form (React keeps a suspended boundary's markup
// while hydrating), so a visitor who types or submits early loses nothing. See docs/decisions/012.

export function afterHydration<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Form = lazy(async () => ({ default: await load() }));
  return function FormAfterHydration(props: Props) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  };
}
