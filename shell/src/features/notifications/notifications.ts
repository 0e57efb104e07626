// Notifications top right (docs/product/web-app.md#the-frame): each closes by itself after 5000 ms, at most a few at once.
import type { NotificationKind } from '@frilo/openapi/shell-contract';

export const NOTIFICATION_TIMEOUT_MS = 5000;
export const MAX_VISIBLE = 4;

export type Notification = { id: number; kind: NotificationKind; message: string };

export function isNotifyDetail(value: unknown): value is Omit<Notification, 'id'> {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as Record<string, unknown>;
  return (kind === 'success' || kind === 'error' || kind === 'info') && typeof message === 'string' && message !== '';
}

export function addNotification(list: readonly Notification[], next: Notification): Notification[] {
  return [...list, next].slice(-MAX_VISIBLE);
}

export function removeNotification(list: readonly Notification[], id: number): Notification[] {
  return list.filter((item) => item.id !== id);
}
