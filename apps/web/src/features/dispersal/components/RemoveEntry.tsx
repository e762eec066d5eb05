import type { ChildDay } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { ltr } from '../../planning/planFormat';
import { useVoidEvent } from '../api-desk';
import { DISPERSAL_NS, dispersalMessage } from '../i18n';
import { lastEntryOf, timeOf } from './checks';

/** "Remove entry": a mistaken check-in or out of today taken back, after a question. */
export function RemoveEntry({ child, onClose }: { child: ChildDay; onClose: () => void }) {
  const { t } = useTranslation(DISPERSAL_NS);
  const remove = useVoidEvent();
  const entry = lastEntryOf(child);
  if (!entry) return null;
  const name = fullName(child.student);
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={t('remove.title')}
      message={t(entry.kind === 'in' ? 'remove.bodyIn' : 'remove.bodyOut', { name, time: ltr(timeOf(entry.at)) })}
      confirmLabel={t('remove.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(entry.id, {
          onSuccess: () => {
            toast.success(dispersalMessage('eventVoided'));
            onClose();
          },
          onError: (err) => toast.error(errorText(err)),
        })
      }
    />
  );
}
