// Loads what a screen shows from the API, again whenever what it asks for changes (`key`), and on `reload()`.
// A newer request cancels the older one, so a slow answer never replaces a newer one; the last data stays on
// screen while the next loads, so a list does not jump.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFailure, ApiResult } from '../form/api-result.ts';

export type ApiData<T> = {
  data: T | null;
  loading: boolean;
  failure: ApiFailure | null;
  reload: () => void;
};

export function useApiData<T>(load: (signal: AbortSignal) => Promise<ApiResult<T>>, key: string): ApiData<T> {
  const [state, setState] = useState<Omit<ApiData<T>, 'reload'>>({ data: null, loading: true, failure: null });
  const [attempt, setAttempt] = useState(0);
  // The latest loader, without making every render a new request.
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, failure: null }));
    void loader.current(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState((current) =>
        result.ok
          ? { data: result.data, loading: false, failure: null }
          : { ...current, loading: false, failure: result },
      );
    });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
