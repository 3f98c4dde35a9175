// @vitest-environment jsdom
// Issue 19 "Accounts": the profile page's "Change password" shows a refusal beside the field
// it is about and anything else as a toast; "Sign out other devices" says how many ended.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { ChangePasswordCard, OtherDevicesCard } from './AccountSecurityCards';

const refusal = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }), `${status}: ${message}`);

function renderCards() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <ChangePasswordCard />
      <OtherDevicesCard />
    </QueryClientProvider>,
  );
}

const current = () => screen.getByLabelText(/Current password/) as HTMLInputElement;
const fresh = () => screen.getByLabelText(/New password/) as HTMLInputElement;
async function send(currentPassword: string, newPassword: string) {
  fireEvent.change(current(), { target: { value: currentPassword } });
  fireEvent.change(fresh(), { target: { value: newPassword } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.changePasswordButton })));
}
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  installBrowserStandIns();
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Change password', () => {
  it('refuses a short new password beside its field before asking the server', async () => {
    const change = vi.spyOn(api.auth, 'changePassword');
    renderCards();
    await send('my current one', 'short');
    expect(change).not.toHaveBeenCalled();
    expect(fresh().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(fresh())).toContain(messages.passwordTooShort);
    expect(current().getAttribute('aria-invalid')).toBe('false');
  });

  it.each([
    ['a wrong current password', messages.currentPasswordWrong, current],
    ['a common new password', messages.passwordTooCommon, fresh],
  ])("shows the server's refusal of %s beside its field, with no toast", async (_, message, field) => {
    vi.spyOn(api.auth, 'changePassword').mockRejectedValue(refusal(400, message));
    renderCards();
    await send('my current one', 'a brand new family secret');
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(field())).toContain(message);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts any other refusal as 'Failed to change password: …'", async () => {
    vi.spyOn(api.auth, 'changePassword').mockRejectedValue(refusal(429, messages.tooManySignIns));
    renderCards();
    await send('my current one', 'a brand new family secret');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(`Failed to change password: ${messages.tooManySignIns}`));
    expect(current().getAttribute('aria-invalid')).toBe('false');
  });

  it("sends both passwords, then says 'Password changed' with the devices signed out and empties the form", async () => {
    const change = vi.spyOn(api.auth, 'changePassword').mockResolvedValue({ endedSessions: 2 });
    renderCards();
    await send('my current one', 'a brand new family secret');
    expect(change).toHaveBeenCalledWith({ currentPassword: 'my current one', newPassword: 'a brand new family secret' }, expect.anything());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed', 'Signed out of 2 other devices'));
    expect(current().value).toBe('');
    expect(fresh().value).toBe('');
  });
});

describe('Sign out other devices', () => {
  it.each([
    [1, 'Signed out of 1 other device'],
    [3, 'Signed out of 3 other devices'],
    [0, 'No other devices were signed in'],
  ])('with %i ended, says %j', async (endedSessions, title) => {
    vi.spyOn(api.auth, 'endOtherSessions').mockResolvedValue({ endedSessions });
    renderCards();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.otherDevicesButton })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(title, undefined));
  });

  it("toasts a failure as 'Failed to sign out other devices: …'", async () => {
    vi.spyOn(api.auth, 'endOtherSessions').mockRejectedValue(refusal(401, messages.signedOut));
    renderCards();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.otherDevicesButton })));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(`Failed to sign out other devices: ${messages.signedOut}`));
  });
});
