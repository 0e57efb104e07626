import { atom } from 'jotai';
import type { Notification } from './notifications.ts';

export const notificationsState = atom<Notification[]>([]);
