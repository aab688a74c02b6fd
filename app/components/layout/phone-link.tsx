import type * as React from "react";

/** The team's phone number as a link that dials it: the digits and a leading + go into the tel: address. */
export function PhoneLink({ number, ...props }: Omit<React.ComponentProps<"a">, "href" | "children"> & { number: string }) {
  return (
    <a href={`tel:${number.replace(/[^\d+]/g, "")}`} {...props}>
      {number}
    </a>
  );
}
