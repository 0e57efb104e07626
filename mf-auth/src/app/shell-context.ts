import { createContext, useContext } from 'react';
import type { ShellProps } from '@frilo/openapi/shell-contract';

/** The shell's parcel props, available to every screen of this remote. */
export const ShellContext = createContext<ShellProps | null>(null);

export function useShell(): ShellProps {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() must be used inside the remote root');
  return value;
}
