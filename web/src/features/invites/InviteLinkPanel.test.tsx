// @vitest-environment jsdom
// Issue 20: the link shown where it is made, its life in words, Copy with "Copied" said to
// screen readers too, and Share only where the browser has the Web Share API.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { InviteLinkPanel } from './InviteLinkPanel';
import { messages } from '../../../../common/messages';

const url = 'https://heirloom.example/timeline-invite/abc123';
const share = { title: 'Join Smiths Timeline', text: 'Come and share memories' };
const renderPanel = () => renderWithMantine(<InviteLinkPanel url={url} expiresAt={new Date(Date.now() + 48 * 3_600_000).toISOString()} share={share} />);

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installBrowserStandIns();
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

describe('InviteLinkPanel', () => {
  it('shows the link in a read-only field and "Expires in 48 hours"', () => {
    renderPanel();
    const field = screen.getByRole('textbox', { name: messages.inviteLinkField });
    expect(field).toHaveProperty('value', url);
    expect(field).toHaveProperty('readOnly', true);
    expect(screen.getByText(messages.inviteExpires)).toBeTruthy();
  });

  it('Copy puts the link on the clipboard, reads "Copied" and says so to screen readers', async () => {
    renderPanel();
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.inviteCopy })));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByRole('button', { name: messages.inviteCopied })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Invite link copied to the clipboard');
  });

  it('without a clipboard selects the link for copying by hand and never says "Copied"', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderPanel();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.inviteCopy })));
    const field = screen.getByRole('textbox', { name: messages.inviteLinkField }) as HTMLTextAreaElement;
    expect(field.selectionEnd - field.selectionStart).toBe(url.length);
    expect(screen.queryByRole('button', { name: messages.inviteCopied })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('has no Share button where the browser cannot share', () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('Share hands the link to the system share sheet; a failed share falls back to Copy', async () => {
    const shareFn = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: shareFn });
    renderPanel();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(shareFn).toHaveBeenCalledWith({ ...share, url });
    expect(writeText).not.toHaveBeenCalled();

    shareFn.mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('closing the share sheet is not a failure: nothing is copied', async () => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')) });
    renderPanel();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(writeText).not.toHaveBeenCalled();
  });
});
