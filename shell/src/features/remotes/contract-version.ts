// Which shell-contract versions this shell runs. Each remote declares the version it was built against in its
// manifest (`metaData.shellContractVersion`, @frilo/openapi/shell-contract); the shell checks it after reading the
// manifest and before loading any of the remote's code, so a remote and a shell that no longer understand each other
// show the area's "needs updating" state instead of a broken or blank area (docs/shell-remote-contract.md, "Versions").
// Pure: no DOM, no shared module (it runs in the entry chunk, see federation.ts).
import { CONTRACT_VERSION } from '@frilo/openapi/shell-contract';

/** The contract versions this shell serves: the oldest it still speaks and its own. */
export type SupportedContracts = { oldest: number; newest: number };

/**
 * Raise `oldest` when the shell stops speaking an old version (after every remote has moved on); `newest` is the
 * contract's own version.
 */
export const SUPPORTED_CONTRACTS: SupportedContracts = { oldest: 1, newest: CONTRACT_VERSION };

/** Remotes built before remotes declared a version spoke version 1, the only one there was. */
export const UNDECLARED_CONTRACT_VERSION = 1;

/** Why a remote cannot run: it is older than the shell supports, or newer (the page is an old shell). */
export type ContractMismatch = {
  reason: 'remote-outdated' | 'shell-outdated';
  declared: number;
  supported: SupportedContracts;
};

/** null when the shell runs a remote declaring `declared` (null: declared nothing); otherwise why not. */
export function contractMismatch(
  declared: number | null,
  supported: SupportedContracts = SUPPORTED_CONTRACTS,
): ContractMismatch | null {
  const version = declared ?? UNDECLARED_CONTRACT_VERSION;
  if (version < supported.oldest) return { reason: 'remote-outdated', declared: version, supported };
  if (version > supported.newest) return { reason: 'shell-outdated', declared: version, supported };
  return null;
}

/** A remote whose declared contract version this shell does not run; never retried, never reloaded for. */
export class ContractMismatchError extends Error {
  readonly mismatch: ContractMismatch;
  constructor(remote: string, mismatch: ContractMismatch) {
    const { declared, supported } = mismatch;
    super(
      `${remote} declares shell contract ${declared}; this shell runs ${describeSupported(supported)} (${mismatch.reason})`,
    );
    this.name = 'ContractMismatchError';
    this.mismatch = mismatch;
  }
}

/** `1` or `1–2`: the versions a shell runs, for people (the error's code line). */
export function describeSupported({ oldest, newest }: SupportedContracts): string {
  return oldest === newest ? String(newest) : `${oldest}–${newest}`;
}
