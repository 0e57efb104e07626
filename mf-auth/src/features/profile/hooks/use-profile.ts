import { useCallback, useEffect, useState } from 'react';
import { fetchProfile, type Profile } from '../api/profile.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'failed'; code: number }
  | { status: 'ready'; profile: Profile };

/** Loads the profile once per visit; sections hand back the profile the BFF answered a save with. */
export function useProfile() {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    void fetchProfile().then((result) => {
      if (cancelled) return;
      setState(result.ok ? { status: 'ready', profile: result.data } : { status: 'failed', code: result.status });
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const replace = useCallback((profile: Profile) => setState({ status: 'ready', profile }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, replace, reload };
}
