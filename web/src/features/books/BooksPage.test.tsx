// @vitest-environment jsdom
// Issue 24 "My books", against the real server: the empty page's words and its Make a book, a
// book being made with its progress bar (asked again while it is made, and said aloud when it
// becomes ready, with its pages, size and Download), a failed one's words and Try again, and
// Delete asked first. The job does not run here: each test sets the row as the job would.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOK_PROGRESS_POLL_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { dialects } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { askForBook, booksOf, renderInApp, startLiveServer, type LiveServer } from './booksTestKit';
import { BooksPage } from './BooksPage';

describe.each(dialects)('BooksPage (%s)', (dialect) => {
  let server: LiveServer;
  let ben: MadeUser;
  let lake: { id: string; name: string };

  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    lake = await makeTimeline(server.t.ctx, ben.user, { name: 'Summers at the lake' });
    server.signInAs(ben);
  });
  afterEach(cleanup);

  const setBook = (id: string, fields: Partial<{ status: 'queued' | 'rendering' | 'ready' | 'failed'; progress: number; pages: number; bytes: number; memories: number; error: string }>) =>
    server.t.ctx.db.updateTable('books').set(fields).where('id', '=', id).execute();
  const open = (onOpenDialog = vi.fn()) => renderInApp(<BooksPage />, { path: '/books', onOpenDialog });

  it('says what a book is when there is none, and its Make a book opens the dialog', async () => {
    const onOpenDialog = vi.fn();
    open(onOpenDialog);
    expect(await screen.findByText(messages.myBooksEmpty)).toBeTruthy();
    expect(screen.getByText(messages.myBooksEmptyDetail)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.makeBook }));
    expect(onOpenDialog).toHaveBeenCalledWith('book');
  });

  it("shows a book's progress while it is made, asks again, and says when it is ready with its pages, size and Download", async () => {
    const id = await askForBook(server, ben, { timelineId: lake.id, start: '2025-06-01', end: '2025-08-31', title: 'Our summers' });
    await setBook(id, { status: 'rendering', progress: 40 });
    open();
    const bar = await screen.findByRole('progressbar', { name: messages.bookProgressLabel('Our summers') });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText(messages.bookProgressPercent(40))).toBeTruthy();
    expect(screen.getByText(messages.bookStatusRendering)).toBeTruthy();
    expect(await screen.findByText(`Summers at the lake · ${messages.bookRangeShort('Jun 1, 2025', 'Aug 31, 2025')}`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: messages.bookDownloadNamed('Our summers') })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');

    await setBook(id, { progress: 75 });
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'), { timeout: BOOK_PROGRESS_POLL_MS * 3 });

    await setBook(id, { status: 'ready', progress: 100, pages: 48, bytes: 3_400_000, memories: 12 });
    const download = await screen.findByRole('link', { name: messages.bookDownloadNamed('Our summers') }, { timeout: BOOK_PROGRESS_POLL_MS * 3 });
    expect(download.getAttribute('href')).toBe(`/api/books/${id}/file`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(messages.bookPagesAndSize(48, '3.4 MB'), { exact: false })).toBeTruthy();
    // A screen reader hears it became ready.
    expect(screen.getByRole('status').textContent).toBe(messages.bookReadyAnnounced('Our summers'));
  });

  it("shows a failed book's words, and Try again asks for the same book again in its place", async () => {
    // Days of another zone than the browser's: asked again, they stay that zone's days.
    const id = await askForBook(server, ben, { timelineId: lake.id, start: '2025-06-01', end: '2025-08-31', tz: 'Pacific/Auckland', title: 'Our summers', includeComments: false });
    await setBook(id, { status: 'failed', error: messages.bookFailed });
    open();
    expect(await screen.findByText(messages.bookFailed)).toBeTruthy();
    expect(screen.getByText(messages.bookStatusFailed)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.bookTryAgainNamed('Our summers') })));
    await waitFor(async () => {
      const rows = await booksOf(server, ben.user.id);
      expect(rows.map((row) => row.id)).not.toContain(id);
      expect(rows).toHaveLength(1);
    });
    const [again] = await booksOf(server, ben.user.id);
    expect(again).toMatchObject({ timeline_id: lake.id, start_day: '2025-06-01', end_day: '2025-08-31', tz: 'Pacific/Auckland', title: 'Our summers', status: 'queued' });
    expect(Boolean(again!.include_comments)).toBe(false);
    expect(await screen.findByRole('progressbar', { name: messages.bookProgressLabel('Our summers') })).toBeTruthy();
  });

  it('asks before deleting a book, then it is gone and the focus is on the page', async () => {
    const id = await askForBook(server, ben, { timelineId: lake.id, title: 'Our summers' });
    await setBook(id, { status: 'ready', progress: 100, pages: 3, bytes: 900 });
    open();
    fireEvent.click(await screen.findByRole('button', { name: messages.bookDeleteNamed('Our summers') }));
    const dialog = await screen.findByRole('dialog', { name: messages.bookDeleteTitle });
    expect(within(dialog).getByText(messages.bookDeleteDetail('Our summers'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    expect(await booksOf(server, ben.user.id)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: messages.bookDeleteNamed('Our summers') }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog', { name: messages.bookDeleteTitle })).getByRole('button', { name: messages.bookDelete })));
    expect(await screen.findByText(messages.myBooksEmpty)).toBeTruthy();
    expect(await booksOf(server, ben.user.id)).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: messages.myBooksTitle }));
  });
});
