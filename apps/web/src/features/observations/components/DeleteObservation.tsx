import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import { type ObservationEntry, useDeleteObservation } from '../api';
import { OBSERVATIONS_NS } from '../i18n';

/** Asks before deleting one child's observation. */
export function DeleteObservation({ entry, onClose }: { entry: ObservationEntry; onClose: () => void }) {
  const { t } = useTranslation(OBSERVATIONS_NS);
  const remove = useDeleteObservation();
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={t('delete.title')}
      message={<Text>{t('delete.body', { title: entry.title, name: entry.student_name })}</Text>}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(entry.id, {
          onSuccess: () => {
            toast.success(t('delete.done'));
            onClose();
          },
          onError: (err) => toast.error(errorText(err)),
        })
      }
    />
  );
}
