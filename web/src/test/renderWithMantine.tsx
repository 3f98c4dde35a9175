// Component tests render inside Mantine as the app does. jsdom lacks the layout APIs Mantine
// asks for (matchMedia, ResizeObserver, document.fonts); inert stand-ins are enough, since nothing here lays out.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { theme } from '../theme';

export function installBrowserStandIns() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: false, media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // The autosizing Textarea measures again when web fonts load.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
}

export function renderWithMantine(element: ReactElement) {
  return render(element, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} defaultColorScheme="dark">
        {children}
      </MantineProvider>
    ),
  });
}
