import { useEffect, useState } from 'react';
import { failureCode, type ApiResult } from '@frilo/ui/form/api-result';

/** How long typing may pause before the figures are asked for: quick enough to feel live, not a call per key. */
const PAUSE_MS = 250;

/**
 * Asks the BFF for the figures of `body` once typing pauses; a newer body cancels the older call. The last figures
 * stay while the next ones are computed.
 */
export function useLiveEstimate<B, T>(body: B | null, ask: (body: B, signal: AbortSignal) => Promise<ApiResult<T>>) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = body === null ? '' : JSON.stringify(body);

  useEffect(() => {
    if (body === null) {
      setData(null);
      setFailure(null);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    const timer = setTimeout(() => {
      void ask(body, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        setBusy(false);
        if (result.ok) {
          setData(result.data);
          setFailure(null);
        } else {
          setData(null);
          setFailure(failureCode(result));
        }
      });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` is the body's content; `ask` never changes meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { data, failure, busy };
}
