import type { AppContext } from '../context.js';

// Placeholder until this slice lands.
export function registerNotificationListeners(_ctx: AppContext): void {}
