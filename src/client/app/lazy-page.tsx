import { type ComponentType, lazy, type ReactElement, Suspense } from "react";
import { PageLoader } from "../layout/PageLoader.tsx";

/** A screen whose code has not arrived after this long counts as failed (spec §8, §9). */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The screen took too long to load")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A route element whose code loads on first visit, keeping the first page's bundle small. Pages
 * use named exports (STYLE), so the export is named here. A load failure reaches RouteError.
 */
export function lazyPage<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K): ReactElement {
  const Page = lazy<ComponentType>(() =>
    withTimeout(load(), SCREEN_LOAD_TIMEOUT_MS).then((module) => ({ default: module[name] as ComponentType })),
  );
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
