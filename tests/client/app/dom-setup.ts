/**
 * What Mantine needs from a browser that jsdom does not provide. Imported first by the client
 * tests that render components (each also declares `@vitest-environment jsdom`).
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

export {};

// Tells React that tests drive it through act(), as @testing-library/react does.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
