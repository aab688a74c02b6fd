// The part of negotiator 1.x that server/variants.ts uses (@types/negotiator describes 0.6, without `preferred`).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The available encodings the client accepts, best first; ties go to the order of `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
