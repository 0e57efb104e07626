// Tells the other tabs of this browser that an address was just confirmed, so the "check your inbox" tab moves on
// by itself. BroadcastChannel reaches same-origin tabs only; the message carries the address the tab already knows.

const CHANNEL = 'frilo-email-confirmed';

export function announceConfirmed(email: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ email });
  channel.close();
}

/** Calls `onConfirmed` with each address another tab confirms; returns the unsubscribe. */
export function onConfirmedElsewhere(onConfirmed: (email: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const email = (event.data as { email?: unknown } | null)?.email;
    if (typeof email === 'string') onConfirmed(email);
  };
  return () => channel.close();
}
