import { cloneElement, isValidElement, type ReactNode, type Ref } from "react";

type AnyProps = Record<string, unknown>;

function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its one child with the props given to it (`asChild`), as Radix's Slot does for what this site needs: the
 * child's own props win, class names join, styles merge, event handlers both run (the child's first) and refs both
 * get the element. A tenth of Radix's size on every page that has a button.
 */
export function Slot({ children, ...slotProps }: AnyProps & { children?: ReactNode }) {
  if (!isValidElement<AnyProps>(children)) return null;
  const childProps = children.props;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (name === "style") {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === "className") {
      merged.className = [slotValue, childValue].filter(Boolean).join(" ");
    } else if (name === "ref" && childValue) {
      merged.ref = composeRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>);
    }
  }
  return cloneElement(children, merged);
}
