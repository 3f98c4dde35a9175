// @vitest-environment jsdom
// memories §2 "Timeline page": the full-screen image viewer, by keyboard and by clicks on
// either half: 'n of total', arrow keys, wrap-around at both ends, Escape closes.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { ImageViewer, wrapIndex } from './ImageViewer';
import { messages } from '../../../../common/messages';

const urls = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg'];

function openViewer(startIndex = 0) {
  const onClose = vi.fn();
  renderWithMantine(<ImageViewer images={{ title: 'Summer at the lake', urls, startIndex }} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Photos from Summer at the lake' }) };
}

const counter = () => screen.getByTestId('image-counter').textContent;
const photo = () => screen.getByRole('img').getAttribute('src');

beforeEach(() => installBrowserStandIns());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the full-screen image viewer', () => {
  it("shows 'n of total' for the photo it was opened on", () => {
    openViewer(1);
    expect(counter()).toBe('2 of 3');
    expect(photo()).toBe('/uploads/b.jpg');
    expect(screen.getByRole('img', { name: 'Photo 2 of 3 from Summer at the lake' })).toBeTruthy();
  });

  it('moves with the right and left arrow keys and wraps around at both ends', () => {
    const { dialog } = openViewer(0);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('2 of 3');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('1 of 3');
    expect(photo()).toBe('/uploads/a.jpg');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(counter()).toBe('3 of 3');
    expect(photo()).toBe('/uploads/c.jpg');
  });

  it('moves back on a click on the left half and forward on the right half', () => {
    openViewer(0);
    fireEvent.click(screen.getByRole('button', { name: messages.imageViewerPrevious }));
    expect(counter()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: messages.imageViewerNext }));
    fireEvent.click(screen.getByRole('button', { name: messages.imageViewerNext }));
    expect(counter()).toBe('2 of 3');
  });

  it('closes on Escape and with its close button', () => {
    const { onClose, dialog } = openViewer(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: messages.imageViewerClose }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('puts the focus in the viewer on its close button', async () => {
    openViewer(0);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: messages.imageViewerClose }));
  });

  it('a single photo has no halves to move between', () => {
    cleanup();
    renderWithMantine(<ImageViewer images={{ title: 'One', urls: ['/uploads/a.jpg'], startIndex: 0 }} onClose={() => undefined} />);
    expect(counter()).toBe('1 of 1');
    expect(screen.queryByRole('button', { name: messages.imageViewerNext })).toBeNull();
  });
});

describe('wrapIndex', () => {
  it('wraps forward past the last and back past the first', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
  });
});
