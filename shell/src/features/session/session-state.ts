import { atom } from 'jotai';
import type { SessionStatus } from './session-types.ts';

/** The shell's view of the session; remotes receive it as a parcel prop and through events. */
export const sessionState = atom<SessionStatus>({ status: 'loading' });
