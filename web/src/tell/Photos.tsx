// "Add photos": up to three (memories §9), chosen with one more tap, each shown with a way to
// take it back. The file input is the button's own, so the phone offers its camera and gallery.
import { useId, useMemo } from 'react';
import { CAPTURE_IMAGES_MAX } from '../../../common/limits';
import { tellMessages } from '../../../common/tell-messages';
import { useObjectUrls } from '../lib/useObjectUrls';

export function Photos({ photos, onAdd, onRemove }: { photos: File[]; onAdd: (photos: File[]) => void; onRemove: (index: number) => void }) {
  const hintId = useId();
  const blobs = useMemo(() => photos, [photos]);
  const urls = useObjectUrls(blobs);
  const full = photos.length >= CAPTURE_IMAGES_MAX;
  return (
    <section className="tell-photos">
      {urls.length > 0 && (
        <ul className="tell-photo-list">
          {urls.map((url, index) => (
            <li key={url}>
              <img src={url} alt={tellMessages.tellPhotoAlt(index + 1)} />
              <button type="button" className="tell-button tell-secondary" onClick={() => onRemove(index)}>
                {tellMessages.tellRemovePhoto(index + 1)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <>
          {/* The input lies over its label, so a tap, Tab and Space all reach the phone's own picker. */}
          <label className="tell-button tell-secondary tell-file">
            {tellMessages.tellAddPhotos}
            <input
              type="file"
              accept="image/*"
              multiple
              aria-describedby={hintId}
              onChange={(event) => {
                onAdd(Array.from(event.currentTarget.files ?? []));
                event.currentTarget.value = '';
              }}
            />
          </label>
          <p id={hintId} className="tell-hint">
            {tellMessages.tellPhotosHint(CAPTURE_IMAGES_MAX)}
          </p>
        </>
      )}
    </section>
  );
}
