import { useState } from 'react';
import { errorText, toast } from '../../../lib/notify';

/** What the confirm needs of an archive call (`useArchiveToggle`'s answer). */
interface ArchiveCall {
  mutate: (
    variables: { id: string; archive: boolean },
    options: { onSuccess: (answer: { message?: string }) => void; onError: (err: unknown) => void },
  ) => void;
  isPending: boolean;
}

/**
 * A list's archive and restore: the item whose archive waits in the confirm dialog (restoring asks
 * nothing), and the call that says the server's sentence (or the page's own) or the refusal, and
 * closes the dialog either way.
 */
export function useArchiveConfirm<T extends { _id: string }>(
  toggle: ArchiveCall,
  said: (message: string | undefined, archived: boolean) => string,
) {
  const [confirming, setConfirming] = useState<T | null>(null);
  const run = (item: T, toArchive: boolean) =>
    toggle.mutate(
      { id: item._id, archive: toArchive },
      {
        onSuccess: (answer) => {
          toast.success(said(answer.message, toArchive));
          setConfirming(null);
        },
        onError: (err) => {
          toast.error(errorText(err));
          setConfirming(null);
        },
      },
    );
  return { confirming, setConfirming, run, pending: toggle.isPending };
}
