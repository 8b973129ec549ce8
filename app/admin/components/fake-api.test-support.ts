import { vi } from "vitest";

// A stand-in for the server in component tests: answers by "METHOD /path"
// (the query left out), records every call with its JSON body.

export type Answer = ((body: unknown, url: URL) => unknown) | Response | object;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Routes fetch to `routes`; an unknown route waits for ever (a section still loading). Returns the calls made. */
export function fakeApi(routes: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const key = `${method} ${url.pathname}`;
      if (!(key in routes)) return new Promise<Response>(() => undefined);
      const route = routes[key];
      const answer = typeof route === "function" ? (route as (body: unknown, url: URL) => unknown)(body, url) : route;
      return answer instanceof Response ? answer : Response.json(answer);
    }),
  );
  return calls;
}

/** An error answer as the server sends it. */
export const refusal = (statusCode: number, message: string) => Response.json({ statusCode, message }, { status: statusCode });
