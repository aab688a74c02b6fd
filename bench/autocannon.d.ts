// The part of autocannon 8's API that bench/forms.ts uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    /** For `requests`: every request completed. */
    total: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Requests sent in turn; `setupRequest` may rewrite each one before it goes out (a new body per request). */
    requests?: {
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: { method?: string; headers?: Record<string, string>; body?: string }) => {
        method?: string;
        headers?: Record<string, string>;
        body?: string;
      };
    }[];
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
