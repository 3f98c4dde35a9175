// @vitest-environment jsdom
// Issue 24 "Make a book", against the real server: the dialog's defaults (the timeline in
// view, the last twelve months said in words, its name as the title, comments and listen codes
// on), what Make sends (the book's row), the cover chosen among the dates' photos with the
// keyboard's radio buttons, and a refusal shown in the dialog with what was typed kept.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOK_TITLE_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { dialects } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { localDay } from '../../lib/dates';
import { dayInWords, defaultBookDays } from './bookDays';
import { booksOf, makeMemoryWith, renderInApp, startLiveServer, type LiveServer } from './booksTestKit';
import { fieldOfRefusal, MakeBookDialog } from './MakeBookDialog';

describe.each(dialects)('MakeBookDialog (%s)', (dialect) => {
  let server: LiveServer;
  let ben: MadeUser;
  let home: { id: string; name: string };
  let lake: { id: string; name: string };

  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    home = await makeTimeline(server.t.ctx, ben.user, { name: 'Home' });
    lake = await makeTimeline(server.t.ctx, ben.user, { name: 'Summers at the lake' });
    server.signInAs(ben);
  });
  afterEach(cleanup);

  // On the lake's timeline page, the default timeline being Home.
  const open = () =>
    renderInApp(<MakeBookDialog opened onClose={() => undefined} />, { path: `/timeline/${lake.id}`, route: '/timeline/:id', defaultTimelineId: home.id });
  const make = () => act(async () => fireEvent.click(screen.getByRole('button', { name: messages.bookMake })));
  const titleField = () => screen.getByRole('textbox', { name: messages.bookTitleLabel }) as HTMLInputElement;

  it('starts from the timeline in view, the last twelve months in words, its name as the title, comments and codes on', async () => {
    open();
    const timeline = (await screen.findByRole('combobox', { name: messages.bookTimelineLabel })) as HTMLSelectElement;
    await waitFor(() => expect(timeline.value).toBe(lake.id));
    const days = defaultBookDays(new Date());
    expect(days.end).toBe(localDay(new Date()));
    expect(screen.getByText(messages.bookRangeInWords(dayInWords(days.start), dayInWords(days.end)))).toBeTruthy();
    expect(titleField().value).toBe('Summers at the lake');
    expect(screen.getByText(messages.titleLengthHint(BOOK_TITLE_MAX))).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: messages.bookIncludeComments }) as HTMLInputElement).checked).toBe(true);
    const codes = screen.getByRole('checkbox', { name: messages.bookListenCodes }) as HTMLInputElement;
    expect(codes.checked).toBe(true);
    // What a code does is said with the choice, and read with it.
    const hint = screen.getByText(messages.bookListenCodesHint);
    expect(codes.getAttribute('aria-describedby')).toContain(hint.id);
    expect(screen.getByText(messages.bookCoverFirst)).toBeTruthy();

    // Another timeline: the title follows it while the person has not written one.
    fireEvent.change(timeline, { target: { value: home.id } });
    expect(titleField().value).toBe('Home');

    await make();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/books'));
    const rows = await booksOf(server, ben.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ timeline_id: home.id, title: 'Home', start_day: days.start, end_day: days.end, status: 'queued', cover_media_id: null });
    expect(Boolean(rows[0]!.include_comments)).toBe(true);
    expect(Boolean(rows[0]!.listen_codes)).toBe(true);
    // My books is handed the new book, to show it being made and take the focus to it.
    expect(JSON.parse(screen.getByTestId('location').getAttribute('data-state')!)).toEqual({ madeBookId: rows[0]!.id });
  });

  it('sends the title written, the choices unticked and the cover chosen among the photos of the dates', async () => {
    const memory = await makeMemoryWith(server, ben, { title: 'The jetty', timelineId: lake.id });
    open();
    await waitFor(() => expect(titleField().value).toBe('Summers at the lake'));
    fireEvent.change(titleField(), { target: { value: 'Our summers' } });
    fireEvent.click(screen.getByRole('checkbox', { name: messages.bookIncludeComments }));
    fireEvent.click(screen.getByRole('checkbox', { name: messages.bookListenCodes }));

    fireEvent.click(screen.getByRole('button', { name: messages.bookCoverChoose }));
    const group = await screen.findByRole('group', { name: messages.bookCoverLabel });
    const first = within(group).getByRole('radio', { name: messages.bookCoverFirst }) as HTMLInputElement;
    expect(first.checked).toBe(true);
    const photo = (await within(group).findByRole('radio', { name: messages.bookCoverPhoto('The jetty', 1) })) as HTMLInputElement;
    fireEvent.click(photo);
    expect(photo.checked).toBe(true);
    expect(first.checked).toBe(false);

    await make();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/books'));
    const [row] = await booksOf(server, ben.user.id);
    expect(row).toMatchObject({ timeline_id: lake.id, title: 'Our summers', cover_media_id: memory.photoId });
    expect(Boolean(row!.include_comments)).toBe(false);
    expect(Boolean(row!.listen_codes)).toBe(false);
  });

  it("says the title's ceiling as it nears, and keeps the first characters of a longer paste with the reason", async () => {
    open();
    await waitFor(() => expect(titleField().value).toBe('Summers at the lake'));
    fireEvent.change(titleField(), { target: { value: 'a'.repeat(BOOK_TITLE_MAX - 3) } });
    expect(screen.getByText(messages.titleCharactersLeft(3))).toBeTruthy();
    fireEvent.change(titleField(), { target: { value: 'b'.repeat(BOOK_TITLE_MAX + 40) } });
    expect(titleField().value).toBe('b'.repeat(BOOK_TITLE_MAX));
    expect(screen.getByRole('alert').textContent).toBe(messages.titleTooLongInField(BOOK_TITLE_MAX));
  });

  it("shows the server's refusal in the dialog, keeps what was typed and stays where it is", async () => {
    open();
    await waitFor(() => expect(titleField().value).toBe('Summers at the lake'));
    fireEvent.change(titleField(), { target: { value: 'For Grandma' } });
    // Ben leaves the lake's timeline while the dialog is open: the server no longer finds it for him.
    await server.t.ctx.db.deleteFrom('timeline_members').where('timeline_id', '=', lake.id).where('user_id', '=', ben.user.id).execute();
    await make();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.bookMakeFailed);
    expect(alert.textContent).not.toContain(messages.unexpected);
    expect(titleField().value).toBe('For Grandma');
    expect(screen.getByTestId('location').textContent).toBe(`/timeline/${lake.id}`);
    expect(await booksOf(server, ben.user.id)).toEqual([]);
  });
});

describe('fieldOfRefusal', () => {
  it("puts the server's words about a field beside that field, and the rest above Make", () => {
    expect(fieldOfRefusal(messages.bookTitleTooLong)).toBe('title');
    expect(fieldOfRefusal(messages.bookRangeInvalid)).toBe('end');
    expect(fieldOfRefusal(messages.bookRangeTooLong)).toBe('start');
    expect(fieldOfRefusal(messages.bookCoverInvalid)).toBeNull();
    expect(fieldOfRefusal(messages.bookTimelineRequired)).toBe('timelineId');
    expect(fieldOfRefusal('Timeline not found')).toBeNull();
  });
});
