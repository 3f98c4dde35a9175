// @vitest-environment jsdom
// Issue 25 "Download everything" on the profile page, against the real server on loopback: the
// sentence of what it is and Make my archive when there is none; the progress in words, bar and
// live region while it is made (asked again only then), and ready, made by the real job, with
// its size, counts, day and a plain Download link; Make a new one beside the last ready one; a
// failed one's words and Try again; Delete asked first; refusals in words. The job does not run
// by itself in these tests: a test runs it, or sets the row as it would.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import { archiveRowsOf, archiveRunner, makeReadyArchive } from '../../../../server/archives/everything/test-support';
import { dialects } from '../../../../server/test/app';
import { makeUser, type MadeUser } from '../../../../server/test/factories';
import { api } from '../../api/endpoints';
import { toast } from '../../lib/toast';
import { sizeInWords } from '../books';
import { renderLive, startLiveServer, type LiveServer } from '../storytellers/storytellersTestKit';
import { DownloadEverythingCard } from './DownloadEverythingCard';
import { EVERYTHING_ARCHIVE_POLL_MS } from '../../../../common/limits';

const counts = { people: 3, families: 1, timelines: 2, memberships: 4, memories: 214, comments: 9, questions: 0, storytellers: 0, files: 530 };
const section = () => screen.getByRole('region', { name: messages.everythingTitle });
const liveRegion = () => within(section()).getByRole('status');
const heading = () => screen.getByRole('heading', { name: messages.everythingTitle });
const dayOf = (at: Date) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' }).format(at);

describe.each(dialects)('Download everything on the profile page (%s)', (dialect) => {
  let server: LiveServer;
  let ada: MadeUser;

  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ada = await makeUser(server.t.ctx, { displayName: 'Ada Lovelace' });
    server.signInAs(ada);
    // Mantine keeps its toasts in a store that outlives a render: the calls are read instead.
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const open = () => renderLive(<DownloadEverythingCard />);
  const rows = () => archiveRowsOf(server.t, ada.user.id);
  const setArchive = (id: string, fields: Partial<{ status: 'queued' | 'working' | 'ready' | 'failed'; progress: number; bytes: number; counts: string; error: string; created_at: string }>) =>
    server.t.ctx.db.updateTable('archives').set(fields).where('id', '=', id).execute();

  it('says what the archive is when there is none; Make my archive asks the server, and the job makes it ready with what it holds', async () => {
    open();
    expect(await screen.findByText(messages.everythingNone)).toBeTruthy();
    expect(within(section()).getByText(messages.everythingIntro)).toBeTruthy();
    expect(messages.everythingIntro).toBe(
      'Everything you can see in Heirloom — memories, photos, videos, voices, comments — in one archive you can open on any computer, even without Heirloom.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.everythingMake })));
    // Said on the page and in the live region alike (0 is already a ten).
    expect(await screen.findByText('Waiting to start… 0%', { selector: 'p' })).toBeTruthy();
    expect(liveRegion().textContent).toBe('Waiting to start… 0%');
    expect(toast.success).toHaveBeenCalledWith(messages.everythingStarted, messages.everythingStartedDetail);
    // The button pressed is gone: the focus is on the section's heading.
    expect(document.activeElement).toBe(heading());
    const [asked] = await rows();
    expect(asked).toMatchObject({ status: 'queued' });

    await archiveRunner(server.t).settle();
    const [made] = await rows();
    expect(made).toMatchObject({ id: asked!.id, status: 'ready' });
    const download = await screen.findByRole('link', { name: messages.everythingDownloadNamed(sizeInWords(Number(made!.bytes))) }, { timeout: EVERYTHING_ARCHIVE_POLL_MS * 3 });
    expect(download.getAttribute('href')).toBe(`/api/archives/${made!.id}/file`);
    expect(download.hasAttribute('download')).toBe(true);
    // Ada alone: her own person record, and nothing else yet.
    expect(screen.getByText(`${sizeInWords(Number(made!.bytes))} · 0 memories, 0 files · Made on ${dayOf(new Date(made!.created_at))}`)).toBeTruthy();
    expect(liveRegion().textContent).toBe(messages.everythingReadyAnnounced);
  });

  it('shows the progress in words and a bar while it is made, asks again, and says the outcome aloud once ready', async () => {
    await act(async () => void (await api.everythingArchives.create()));
    const [row] = await rows();
    await setArchive(row!.id, { status: 'working', progress: 42 });
    open();
    const bar = await screen.findByRole('progressbar', { name: messages.everythingProgressLabel });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Gathering your memories… 42%')).toBeTruthy();
    expect(liveRegion().textContent).toBe('Gathering your memories… 40%');
    expect(screen.queryByRole('link')).toBeNull();

    await setArchive(row!.id, { progress: 75 });
    await waitFor(() => expect(liveRegion().textContent).toBe('Gathering your memories… 70%'), { timeout: EVERYTHING_ARCHIVE_POLL_MS * 3 });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');

    await setArchive(row!.id, { status: 'ready', progress: 100, bytes: 1_234_000_000, counts: JSON.stringify(counts), created_at: '2026-11-20T15:00:00.000Z' });
    const download = await screen.findByRole('link', { name: 'Download your archive (1.2 GB, zip)' }, { timeout: EVERYTHING_ARCHIVE_POLL_MS * 3 });
    expect(download.getAttribute('href')).toBe(`/api/archives/${row!.id}/file`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(`1.2 GB · 214 memories, 530 files · Made on ${dayOf(new Date('2026-11-20T15:00:00.000Z'))}`)).toBeTruthy();
    expect(liveRegion().textContent).toBe(messages.everythingReadyAnnounced);
  });

  it('does not ask again while the archive shown is ready, and says nothing aloud about one ready before the page opened', async () => {
    const { id } = await makeReadyArchive(server.t, ada);
    await setArchive(id, { counts: JSON.stringify({ ...counts, memories: 1, files: 1 }) });
    const list = vi.spyOn(api.everythingArchives, 'list');
    open();
    expect(await screen.findByText(/^5 KB · 1 memory, 1 file · Made on /)).toBeTruthy();
    expect(liveRegion().textContent).toBe('');
    // One poll's time and a half (an absence cannot be awaited): a ready archive is not asked about again.
    await act(() => new Promise((resolve) => setTimeout(resolve, EVERYTHING_ARCHIVE_POLL_MS * 1.5)));
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('Make a new one starts another, and keeps the last ready one downloadable meanwhile', async () => {
    const { id } = await makeReadyArchive(server.t, ada);
    await setArchive(id, { created_at: '2026-11-20T15:00:00.000Z' });
    open();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: messages.everythingMakeAgain })));
    expect(await screen.findByRole('progressbar', { name: messages.everythingProgressLabel })).toBeTruthy();
    expect(await rows()).toHaveLength(2);
    expect(screen.getByText(messages.everythingKeptWhileMaking(dayOf(new Date('2026-11-20T15:00:00.000Z'))))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download your archive (5 KB, zip)' }).getAttribute('href')).toBe(`/api/archives/${id}/file`);
  });

  it("shows a failed archive's words from the server, and Try again asks for a new one", async () => {
    await act(async () => void (await api.everythingArchives.create()));
    const [failed] = await rows();
    await setArchive(failed!.id, { status: 'failed', error: messages.everythingArchiveFailed });
    open();
    expect(await screen.findByText(messages.everythingArchiveFailed)).toBeTruthy();
    expect(screen.getByText(messages.everythingFailed)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.tryAgain })));
    expect(await screen.findByRole('progressbar', { name: messages.everythingProgressLabel })).toBeTruthy();
    expect((await rows()).map((row) => row.status).sort()).toEqual(['failed', 'queued']);
    expect(screen.queryByText(messages.everythingArchiveFailed)).toBeNull();
  });

  it('says in a toast, with the server’s words, when an archive could not be started', async () => {
    open();
    const make = await screen.findByRole('button', { name: messages.everythingMake });
    // Signed out elsewhere meanwhile: the server refuses.
    server.signInAs(null);
    await act(async () => fireEvent.click(make));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.error).mock.calls[0]![0]).toMatch(new RegExp(`^${messages.everythingMakeFailed} \\S`));
    expect(screen.getByText(messages.everythingNone)).toBeTruthy();
    expect(await rows()).toEqual([]);
  });

  it('asks before deleting, keeps the archive on Cancel, and once deleted offers Make my archive with the focus on the heading', async () => {
    await makeReadyArchive(server.t, ada);
    open();
    fireEvent.click(await screen.findByRole('button', { name: messages.everythingDeleteNamed }));
    const dialog = await screen.findByRole('dialog', { name: messages.everythingDeleteTitle });
    expect(within(dialog).getByText(messages.everythingDeleteDetail)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    expect(await rows()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: messages.everythingDeleteNamed }));
    const again = await screen.findByRole('dialog', { name: messages.everythingDeleteTitle });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: messages.everythingDelete })));
    expect(await screen.findByRole('button', { name: messages.everythingMake })).toBeTruthy();
    expect(await rows()).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith(messages.everythingDeleted);
    expect(document.activeElement).toBe(heading());
  });

  it('says when the archives could not be read, and Try again asks again', async () => {
    server.signInAs(null);
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.everythingLoadFailed)).toBeTruthy();
    server.signInAs(ada);
    fireEvent.click(within(alert).getByRole('button', { name: messages.tryAgain }));
    expect(await screen.findByText(messages.everythingNone)).toBeTruthy();
  });
});
