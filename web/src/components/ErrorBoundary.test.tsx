// @vitest-environment jsdom
// A screen that throws while rendering: the boundary's page in its place, a reload on its button,
// and the rest of the app untouched while nothing throws.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('a render that fails');
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    installBrowserStandIns();
    // React and the boundary both report the error; the test reads the screen instead.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows what it wraps while nothing throws', () => {
    renderWithMantine(
      <ErrorBoundary>
        <p>Home</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Home')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a page that says so and offers a reload in place of a screen that throws', () => {
    const reload = vi.fn();
    renderWithMantine(
      <ErrorBoundary reload={reload}>
        <Broken />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(messages.brokenPageTitle);
    expect(alert.textContent).toContain(messages.brokenPageDetail);
    expect(console.error).toHaveBeenCalledWith('A page failed to render', expect.objectContaining({ message: 'a render that fails' }), expect.any(String));
    fireEvent.click(screen.getByRole('button', { name: messages.brokenPageReload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
