// Query keys, so every screen that reads a thing invalidates the same one.
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  publicConfig: ['config'] as const,
  providers: ['auth', 'providers'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
