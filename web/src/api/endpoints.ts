// Every API address the web uses is built here and nowhere else.
import type { AuthProviders, LoginBody, RegisterBody } from '../../../common/auth';
import type { PublicConfig } from '../../../common/config';
import type { UnreadCount } from '../../../common/notifications';
import type { UpdateUserBody, User } from '../../../common/users';
import { ApiError, request } from './client';

export const api = {
  config: () => request<PublicConfig>('GET', '/api/config'),
  auth: {
    /** The signed-in user, or null when signed out (accounts §4: a 401 means signed out). */
    async currentUser(): Promise<User | null> {
      try {
        return await request<User>('GET', '/api/auth/user');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    providers: () => request<AuthProviders>('GET', '/api/auth/providers'),
    register: (body: RegisterBody) => request<User>('POST', '/api/auth/register', body),
    login: (body: LoginBody) => request<User>('POST', '/api/auth/login', body),
  },
  users: {
    update: (body: UpdateUserBody) => request<User>('PATCH', '/api/user', body),
  },
  notifications: {
    unreadCount: () => request<UnreadCount>('GET', '/api/notifications/unread-count'),
  },
};

/** Full-page navigations (accounts §4: login and logout go through the server). */
export const navigation = {
  login: (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
  logout: '/api/logout',
};
