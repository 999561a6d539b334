// UI: a ref that always holds the latest value, for callbacks set up once.

import { useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest `value`, for callbacks handed once to a framework-free canvas. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
