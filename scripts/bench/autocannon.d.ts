/**
 * The part of autocannon 9 the bench uses (it ships no types, and the brief adds no package).
 * See node_modules/autocannon/README.md.
 */
declare module "autocannon" {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Client {
    setRequests(requests: Request[]): void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    setupClient?: (client: Client) => void;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: Client, status: number, bytes: number, responseTime: number) => void,
    ): this;
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
