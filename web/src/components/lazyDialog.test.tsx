// @vitest-environment jsdom
// Issue 8 "First load" and issue 21: a dialog made by lazyDialog is fetched the first time it
// opens, never before, and stays mounted once closed so it can animate out and open again.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazyDialog';

function Dialog({ opened, name }: { opened: boolean; name: string }) {
  return <p data-testid="dialog">{`${name} ${opened ? 'open' : 'closed'}`}</p>;
}

afterEach(cleanup);

describe('lazyDialog', () => {
  it('fetches nothing while closed, then the dialog with its props the first time it opens', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const Lazy = lazyDialog(load);
    const { rerender } = render(<Lazy opened={false} name="Search" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('dialog')).toBeNull();

    rerender(<Lazy opened name="Search" />);
    expect(await screen.findByTestId('dialog')).toHaveProperty('textContent', 'Search open');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog mounted after it closes, and fetches it once however often it opens', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const Lazy = lazyDialog(load);
    const { rerender } = render(<Lazy opened name="Extras" />);
    await screen.findByTestId('dialog');

    rerender(<Lazy opened={false} name="Extras" />);
    expect(screen.getByTestId('dialog')).toHaveProperty('textContent', 'Extras closed');
    await act(async () => rerender(<Lazy opened name="Extras" />));
    expect(screen.getByTestId('dialog')).toHaveProperty('textContent', 'Extras open');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
