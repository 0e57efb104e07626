// Loads a remote and mounts its `./app` as a single-spa parcel in the content area. Failures stay
// in this area: retry on network errors (federation.ts), one reload for a missing chunk, then an
// error screen with Retry; render errors are caught by the error boundary and the parcel handler.
import { memo, useCallback, useEffect, useState } from 'react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { SHELL_EVENTS, type ChunkFailedDetail } from '@frilo/openapi/shell-contract';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ErrorBoundary } from './error-boundary.tsx';
import { loadRemoteApp, RemoteLoadError, resetRemote } from './federation.ts';
import { classify, clearReloadFlag, shouldReloadOnce, type RemoteLoadFailure } from './load-policy.ts';
import { RemoteError } from './remote-error.tsx';
import type { ShellParcelProps } from './shell-props.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; config: ParcelConfig }
  | { status: 'failed'; failure: RemoteLoadFailure };

function sessionFlags(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reloads the page once for a chunk failure (docs/product/web-app.md#loading-and-failures); returns false when the error should show. */
function reloadOnce(failure: RemoteLoadFailure): boolean {
  const storage = sessionFlags();
  if (storage && shouldReloadOnce(failure, storage)) {
    window.location.reload();
    return true;
  }
  return false;
}

export function RemoteArea(props: Omit<ShellParcelProps, 'contractVersion'>) {
  const { remote } = props;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const fail = useCallback(
    (error: unknown) => {
      const failure = error instanceof RemoteLoadError ? error.failure : classify(remote, error);
      console.error(`[shell] ${remote} failed`, error);
      if (!reloadOnce(failure)) setState({ status: 'failed', failure });
    },
    [remote],
  );

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteApp(remote).then(
      (config) => !cancelled && setState({ status: 'ready', config }),
      (error: unknown) => !cancelled && fail(error),
    );
    return () => {
      cancelled = true;
    };
  }, [remote, attempt, fail]);

  // A remote reports its own lazy chunk failures; the same reload-once policy applies.
  useEffect(() => {
    const onChunkFailed = (event: Event) => {
      const detail = (event as CustomEvent<ChunkFailedDetail | null>).detail;
      if (detail?.remote !== remote) return;
      fail(Object.assign(new Error(detail.message), { name: 'ChunkLoadError' }));
    };
    window.addEventListener(SHELL_EVENTS.chunkFailed, onChunkFailed);
    return () => window.removeEventListener(SHELL_EVENTS.chunkFailed, onChunkFailed);
  }, [remote, fail]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void resetRemote(remote)
      .catch(() => {})
      .finally(() => setAttempt((value) => value + 1));
  }, [remote]);

  if (state.status === 'loading') return <LoadingIndicator />;
  if (state.status === 'failed') return <RemoteError failure={state.failure} onRetry={retry} />;
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error, reset) => (
        <RemoteError
          failure={classify(remote, error)}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <MountedRemote config={state.config} onError={fail} {...props} />
    </ErrorBoundary>
  );
}

type MountedProps = Omit<ShellParcelProps, 'contractVersion'> & {
  config: ParcelConfig;
  onError: (error: unknown) => void;
};

/** Memoised so the parcel only receives an update when its props really change. */
const MountedRemote = memo(function MountedRemote({ config, onError, remote, session, locale, brand }: MountedProps) {
  const parcelProps: ShellParcelProps = { contractVersion: 1, remote, session, locale, brand };
  return (
    <Parcel
      config={config}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName="remote-root"
      handleError={onError}
      parcelDidMount={() => {
        const storage = sessionFlags();
        if (storage) clearReloadFlag(storage);
      }}
      {...parcelProps}
    />
  );
});
