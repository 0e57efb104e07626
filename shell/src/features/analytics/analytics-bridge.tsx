// Sends remotes' `frilo:track` events through the shell's tracker (production host only).
import { useEffect } from 'react';
import { SHELL_EVENTS, type TrackDetail } from '@frilo/openapi/shell-contract';
import { tracker } from './tracker.ts';

export function AnalyticsBridge() {
  useEffect(() => {
    const onTrack = (event: Event) => {
      const detail = (event as CustomEvent<TrackDetail | null>).detail;
      if (detail && typeof detail.name === 'string') tracker.track(detail);
    };
    window.addEventListener(SHELL_EVENTS.track, onTrack);
    return () => window.removeEventListener(SHELL_EVENTS.track, onTrack);
  }, []);
  return null;
}
