import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure, ApiResult } from '@frilo/ui/form/api-result';

/**
 * Loads what `load` answers whenever `key` changes (a newer call cancels an older one) and on `reload`. The last
 * answer stays on screen while the next one loads, so lists do not jump.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<ApiResult<T>>, key: string) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    void load(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.ok) {
        setData(result.data);
        setFailure(null);
      } else setFailure(result);
    });
    return () => controller.abort();
    // `load` is a new function each render; `key` says what it asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, failure, loading, reload };
}
