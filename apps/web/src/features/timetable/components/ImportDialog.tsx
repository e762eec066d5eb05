import { FileInput, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { useImportTimetable } from '../api';
import { TIMETABLE_NS, timetableError, timetableText } from '../i18n';

/**
 * Bringing a timetable from another tool: a CSV in the export's columns (class, subject, teacher,
 * periods, day, period, room, locked); each class and subject in it gets the file's lessons, placed
 * where the file says. All or nothing: a refusal changes nothing and says why.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(TIMETABLE_NS);
  const upload = useImportTimetable();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!file) {
      setError(t('import.fileNeeded'));
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        const result = answer.result;
        toast.success(
          result ? t('import.done', { count: result.lessons, placed: result.placed }) : timetableText(answer.message),
          timetableText(answer.message),
        );
        onClose();
      },
      onError: (err) => setError(timetableError(err)),
    });
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('import.title')}
      submitLabel={t('import.submit')}
      onSubmit={submit}
      pending={upload.isPending}
      error={error}
      size="md"
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('import.help')}
        </Text>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('import.clear') }}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          data-testid="timetable-import-file"
        />
      </Stack>
    </FormModal>
  );
}
