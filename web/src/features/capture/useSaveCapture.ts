// The wizard's save (memories §2 "Save", §8): the draft with the timelines and people chosen,
// the audience the choice on screen means, the video's frame, and the draft's Idempotency-Key;
// progress by phase while it uploads; on success the draft is discarded and the wizard closes.
// Issue 26: offline or cut off, the memory is kept on the device instead (saveOrKeepMemory):
// the draft is discarded and the wizard closes as after a save, and the toast says it waits.
import { messages } from '../../../../common/messages';
import { toUserText } from '../../api/errors';
import { newIdempotencyKey } from '../../api/idempotency';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { OutboxFullError } from '../../lib/outbox';
import { toast } from '../../lib/toast';
import { withIdempotencyKey } from './draft';
import { saveOrKeepMemory, type SaveOutcome } from './saveMemory';
import { wizardAudience } from './SharingStep';
import type { WizardState } from './useWizardState';

export function useSaveCapture(wizard: WizardState, owner: string, onSaved: () => void) {
  const { draft, sharedWith, sharing, timelineIds, generation, setSaving, update } = wizard;
  return useApiMutation<void, SaveOutcome>({
    mutationFn: async () => {
      const current = generation.current;
      setSaving({ phase: draft.video ? 'video' : 'memory', percent: 0 });
      const videoThumbnail = await wizard.videoThumbnail();
      const sharedWithChoice = draft.sharing === 'private' ? [] : sharedWith;
      // issue 20: the audience the choice on screen means (SharingStep says it in words).
      const audience = wizardAudience(draft.sharing, sharedWithChoice, sharing.members, sharing.unlisted);
      // issue 20: the key is kept with the draft, so Save pressed again after a failure sends it again.
      const keyed = withIdempotencyKey(draft, newIdempotencyKey);
      if (keyed !== draft) update({ idempotencyKey: keyed.idempotencyKey });
      const choices = { timelineIds, sharedWith: sharedWithChoice, audience, videoThumbnail };
      return saveOrKeepMemory({ ...keyed, idempotencyKey: keyed.idempotencyKey! }, choices, owner, (phase, percent) => {
        if (current === generation.current) setSaving({ phase, percent });
      });
    },
    success: (outcome) =>
      outcome.kept ? { title: messages.memoryKept, message: messages.memoryKeptDetail } : { title: messages.memorySaved, message: messages.memorySavedDetail },
    error: false,
    invalidate: [queryKeys.memories],
    onSuccess: () => {
      wizard.discard();
      onSaved();
    },
    onError: (error) => {
      // issue 26: not kept either: the draft stays on the device, and she is told why.
      if (error instanceof OutboxFullError) toast.error(messages.memoryNotKept, messages.memorySaveFailed);
      // memories §8: the upload's words, else 'Failed to save memory'.
      else toast.error(toUserText(error, messages.memorySaveFailed));
      setSaving(null);
    },
  });
}
