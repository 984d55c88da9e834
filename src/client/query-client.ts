import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, isMaintenance, isSessionEnded } from "./api/api-error.ts";
import { toastError } from "./notifications/toast.ts";

declare module "@tanstack/react-query" {
  interface Register {
    /** `meta: { errorToast: false }` on a query or mutation that shows its own errors (a form). */
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

function shouldToast(error: unknown, meta: { errorToast?: boolean } | undefined): boolean {
  if (meta?.errorToast === false) return false;
  // The maintenance page already says the service is down (a busy server's 503 is toasted).
  if (isMaintenance(error)) return false;
  // The sign-out that followed already told the user their session expired.
  return !isSessionEnded(error);
}

/**
 * A client error will not change on retry; a network blip or a 5xx may. Not a 503: down for
 * maintenance, or busy and asking to be left alone for a while (Retry-After).
 */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 503) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta)) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (shouldToast(error, mutation.meta)) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The one cache of server data. Sign-out clears it (spec §4: all stores are reset), so nothing a
 * previous user saw survives into the next session in this browser.
 */
export const queryClient = createQueryClient();
