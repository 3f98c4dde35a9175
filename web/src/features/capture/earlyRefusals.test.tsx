// @vitest-environment jsdom
// Issue 20 "Caught where it happens": a chosen file that is not a photo or video we take is
// refused by name at once, beside the picker; a fourth photo is left out kindly; the title
// says its length and is cut at it in the field; Next says what is missing beside the field.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { EditMediaPanel } from '../memories/edit/EditMediaPanel';
import { draftOf } from '../memories/edit/editRules';
import { emptyDraft, type CaptureDraft } from './draft';
import { MediaPicker } from './MediaPicker';
import { StartStep } from './StartStep';
import { TitleField } from './TitleField';
import { memoryWith } from '../memories/edit/test-support';
import { messages } from '../../../../common/messages';

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const TEXT = new TextEncoder().encode('Shopping list: milk, eggs, bread\n');
const photo = (name: string) => new File([PNG], name, { type: 'image/png' });
const textAs = (name: string, type: string) => new File([TEXT], name, { type });

beforeEach(() => {
  installBrowserStandIns();
  let made = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:preview-${++made}`, revokeObjectURL: () => undefined }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(images: File[] = []) {
  const onImagesChange = vi.fn();
  const onVideoChosen = vi.fn();
  renderWithMantine(
    <MediaPicker images={images} video={null} onImagesChange={onImagesChange} onImageRemoved={vi.fn()} onVideoChosen={onVideoChosen} onVideoRemoved={vi.fn()} />,
  );
  const choose = (label: string, files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });
  return { onImagesChange, onVideoChosen, choose };
}

describe('the media picker checks each file by its bytes when it is chosen', () => {
  it('refuses a text file named notes.jpg by its name, in an alert beside the picker, and adds nothing', async () => {
    const { onImagesChange, choose } = renderPicker();
    choose('Choose photos', [textAs('notes.jpg', 'image/jpeg')]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'notes.jpg is not a photo we can read');
    expect(onImagesChange).not.toHaveBeenCalled();
  });

  it('adds the photos of a choice and names the one that is not', async () => {
    const { onImagesChange, choose } = renderPicker();
    choose('Choose photos', [photo('garden.png'), textAs('notes.jpg', 'image/jpeg')]);
    await waitFor(() => expect(onImagesChange).toHaveBeenCalledTimes(1));
    expect(onImagesChange.mock.calls[0]![0].map((file: File) => file.name)).toEqual(['garden.png']);
    expect(screen.getByRole('alert').textContent).toBe('notes.jpg is not a photo we can read');
  });

  it('refuses a text file named clip.mp4 as a video we cannot play', async () => {
    const { onVideoChosen, choose } = renderPicker();
    choose('Choose a video', [textAs('clip.mp4', 'video/mp4')]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'clip.mp4 is not a video we can play');
    expect(onVideoChosen).not.toHaveBeenCalled();
  });

  it('keeps the first three of four photos and says so kindly, naming the one left out', async () => {
    const { onImagesChange, choose } = renderPicker();
    choose('Choose photos', ['a.png', 'b.png', 'c.png', 'sunset.jpg'].map(photo));
    await waitFor(() => expect(onImagesChange).toHaveBeenCalledTimes(1));
    expect(onImagesChange.mock.calls[0]![0].map((file: File) => file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('A memory holds up to 3 photos, so we kept the first 3.sunset.jpg was not added');
  });

  it('counts the photos already chosen: with two there, one more of two is kept', async () => {
    const { onImagesChange, choose } = renderPicker([photo('a.png'), photo('b.png')]);
    choose('Choose photos', [photo('c.png'), photo('d.png')]);
    await waitFor(() => expect(onImagesChange).toHaveBeenCalledTimes(1));
    expect(onImagesChange.mock.calls[0]![0].map((file: File) => file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(screen.getByText('d.png was not added')).toBeTruthy();
  });
});

describe('the title field', () => {
  it('says how long a title may be, and counts down from 20 left', () => {
    const { rerender } = renderWithMantine(<TitleField value="Summer" onChange={vi.fn()} />);
    expect(screen.getByText('Up to 200 characters')).toBeTruthy();
    rerender(<TitleField value={'a'.repeat(188)} onChange={vi.fn()} />);
    expect(screen.getByText('12 characters left')).toBeTruthy();
    expect(screen.getByLabelText(messages.captureTitleLabel).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('cuts a 700-character paste at 200 and says why in the field, at once', () => {
    const onChange = vi.fn();
    renderWithMantine(<TitleField value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText(messages.captureTitleLabel), { target: { value: 'p'.repeat(700) } });
    expect(onChange).toHaveBeenCalledWith('p'.repeat(200));
    expect(screen.getByRole('alert').textContent).toBe('A title can be up to 200 characters, so we kept the first 200.');
  });

  it('hands what a paste brought past 200 to the notes and says so; a single key past it is only refused', () => {
    const onChange = vi.fn();
    const onRest = vi.fn();
    const { rerender } = renderWithMantine(<TitleField value="" onChange={onChange} onRest={onRest} />);
    fireEvent.change(screen.getByLabelText(messages.captureTitleLabel), { target: { value: `${'p'.repeat(200)} and the rest of the day` } });
    expect(onChange).toHaveBeenLastCalledWith('p'.repeat(200));
    expect(onRest).toHaveBeenCalledWith(' and the rest of the day');
    expect(screen.getByRole('alert').textContent).toBe('A title can be up to 200 characters, so the rest is now at the start of the notes.');

    onRest.mockClear();
    rerender(<TitleField value={'p'.repeat(200)} onChange={onChange} onRest={onRest} />);
    fireEvent.change(screen.getByLabelText(messages.captureTitleLabel), { target: { value: `${'p'.repeat(200)}q` } });
    expect(onChange).toHaveBeenLastCalledWith('p'.repeat(200));
    expect(onRest).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('A title can be up to 200 characters, so we kept the first 200.');
  });
});

describe('Next on the first step', () => {
  const renderStart = (draft: CaptureDraft, onNext = vi.fn()) => {
    renderWithMantine(
      <StartStep draft={draft} update={vi.fn()} onRecord={vi.fn()} onRemoveRecording={vi.fn()} onRemoveImage={vi.fn()} onVideoChosen={vi.fn()} onRemoveVideo={vi.fn()} undo={null} onNext={onNext} />,
    );
    return onNext;
  };

  /** The words a field's aria-describedby points at. */
  const describedBy = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  // The wizard's toast (memories §5) is the one alert: the field's words are its description,
  // read as focus lands on it, never a second alert saying the same at the same moment.
  it('says beside the title that one is missing, as its description, and moves focus there once it says so', () => {
    const onNext = renderStart(emptyDraft);
    const title = screen.getByLabelText(messages.captureTitleLabel);
    // What a screen reader reads as focus lands: the field already invalid, with its words.
    const atFocus: string[] = [];
    title.addEventListener('focus', () => atFocus.push(`${title.getAttribute('aria-invalid')}: ${describedBy(title)}`));
    fireEvent.click(screen.getByRole('button', { name: messages.next }));
    expect(document.activeElement).toBe(title);
    expect(atFocus).toHaveLength(1);
    expect(atFocus[0]).toMatch(/^true: .*Please give your memory a title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(title)).toContain('Please give your memory a title');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onNext).toHaveBeenCalled();
  });

  it('with a title but nothing to keep, says so beside the notes, as their description, and moves focus there', () => {
    renderStart({ ...emptyDraft, title: 'Summer' });
    fireEvent.click(screen.getByRole('button', { name: messages.next }));
    const notes = screen.getByLabelText(messages.notesLabel);
    expect(document.activeElement).toBe(notes);
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(notes)).toContain('Please provide the content of your memory before proceeding.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the edit view's blank title, with no toast to say it, stays an alert", () => {
    renderWithMantine(<TitleField value="" onChange={vi.fn()} error="Memory title cannot be empty." />);
    expect(screen.getByRole('alert').textContent).toBe('Memory title cannot be empty.');
  });
});

describe("the edit view's media panel checks chosen files the same way", () => {
  const memory = memoryWith(2, 0);

  it('refuses notes.jpg by name, adds the one photo with room, and names the one left out', async () => {
    const onChange = vi.fn();
    renderWithMantine(<EditMediaPanel memory={memory} draft={draftOf(memory)} onChange={onChange} disabled={false} />);
    fireEvent.change(screen.getByLabelText(messages.captureChoosePhotos), { target: { files: [textAs('notes.jpg', 'image/jpeg'), photo('lake.png'), photo('sunset.jpg')] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0].newImages.map((file: File) => file.name)).toEqual(['lake.png']);
    const notices = screen.getByTestId('media-notices');
    expect(notices.getAttribute('role')).toBe('alert');
    expect([...notices.children].map((line) => line.textContent)).toEqual([
      'notes.jpg is not a photo we can read',
      'A memory holds up to 3 photos, so we kept the first 3.',
      'sunset.jpg was not added',
    ]);
  });

  it('refuses a text file named clip.mp4 as a video', async () => {
    const onChange = vi.fn();
    renderWithMantine(<EditMediaPanel memory={memory} draft={draftOf(memory)} onChange={onChange} disabled={false} />);
    fireEvent.change(screen.getByLabelText(messages.editChooseVideos), { target: { files: [textAs('clip.mp4', 'video/mp4')] } });
    expect(await screen.findByText('clip.mp4 is not a video we can play')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
