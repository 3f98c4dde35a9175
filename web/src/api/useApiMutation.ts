// The one mutation hook: runs the call, shows the success or error toast, refreshes what
// the change made stale. Screens describe their texts; none repeats this wiring.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../lib/toast';
import { toUserText } from './errors';
import { refreshAfterChange } from './refresh';

interface ApiMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Toast on success: a title, or title and message built from the answer. */
  success?: string | ((data: TData, variables: TVariables) => { title: string; message?: string } | null);
  /**
   * Toast text on failure, given the server's message. Omit for "Error" + the server's message;
   * a function may answer null for a refusal the screen shows elsewhere (beside its field).
   */
  error?: string | ((message: string) => string | null) | false;
  /** Query keys to refresh after success. */
  invalidate?: QueryKey[];
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown) => void;
  /**
   * 'always' for a call that decides itself what to do offline (issue 26: a comment kept in
   * the outbox); by default React Query holds a mutation while the browser says it is offline.
   */
  networkMode?: 'always';
}

export function useApiMutation<TVariables = void, TData = unknown>(options: ApiMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    // Unset unless asked, so the client's own default still holds for every other call.
    ...(options.networkMode ? { networkMode: options.networkMode } : {}),
    onSuccess: async (data, variables) => {
      await Promise.all((options.invalidate ?? []).map((queryKey) => refreshAfterChange(queryClient, { queryKey })));
      if (typeof options.success === 'string') toast.success(options.success);
      else if (options.success) {
        const text = options.success(data, variables);
        if (text) toast.success(text.title, text.message);
      }
      options.onSuccess?.(data, variables);
    },
    onError: (error) => {
      const message = toUserText(error);
      if (options.error !== false) {
        const text = typeof options.error === 'string' ? options.error : options.error ? options.error(message) : message;
        if (text !== null) toast.error(text);
      }
      options.onError?.(error);
    },
  });
}
