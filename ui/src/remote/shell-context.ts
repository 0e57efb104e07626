// The shell's parcel props (contract v1, @frilo/openapi/shell-contract) for every screen of a remote.
import { createContext, useContext } from 'react';
import type { ShellProps } from '@frilo/openapi/shell-contract';

export const ShellContext = createContext<ShellProps | null>(null);

/** The session, language and brand the shell gave this remote; re-renders when the shell updates them. */
export function useShell(): ShellProps {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() must be used inside a remote made with createRemote()');
  return value;
}
