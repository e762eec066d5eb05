import { EXPORT_LANGUAGES } from '@cue/contract';
import { Alert, Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/notify';
import { useExport, useStartEmergencySheet } from '../../children/api';
import { ATT_NS } from '../i18n';

type Language = (typeof EXPORT_LANGUAGES)[number];

/** Each language named in itself, as a reader looks for their own. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', he: 'עברית' };

/**
 * The class's emergency sheet (photos, allergies, contacts) as a PDF, for outings and fire drills: the
 * sheet is prepared by a job whose progress shows here, then opened from its link.
 */
function EmergencySheetModal({ classId, onClose }: { classId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const interfaceLanguage = EXPORT_LANGUAGES.find((l) => i18n.language.startsWith(l)) ?? 'en';
  const [language, setLanguage] = useState<Language>(interfaceLanguage);
  const start = useStartEmergencySheet();
  const [exportId, setExportId] = useState<string | null>(null);
  const job = useExport(exportId);
  const status = job.data?.status;
  const running = start.isPending || (!!exportId && status !== 'done' && status !== 'failed' && !job.isError);
  const failed = status === 'failed' || job.isError || start.isError;
  const make = () => {
    setExportId(null);
    start.mutate({ classId, language }, { onSuccess: (answer) => setExportId(answer.id) });
  };
  const link = status === 'done' ? job.data?.file_link : null;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('emergencySheet.title')}
      submitLabel={t('emergencySheet.make')}
      onSubmit={make}
      pending={start.isPending}
      submitDisabled={running}
    >
      <Text fz="sm" c="dimmed">
        {t('emergencySheet.hint')}
      </Text>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="emergency-sheet-language">
          {t('emergencySheet.language')}
        </Text>
        <SegmentedControl
          aria-labelledby="emergency-sheet-language"
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={EXPORT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          disabled={running}
        />
      </Stack>
      {running && (
        <Stack gap={4} data-testid="emergency-sheet-progress">
          <Text fz="sm">{t('emergencySheet.preparing', { progress: job.data?.progress ?? 0 })}</Text>
          <Progress value={job.data?.progress ?? 0} animated aria-label={t('emergencySheet.title')} />
        </Stack>
      )}
      {link && (
        <Alert color="teal" variant="light" data-testid="emergency-sheet-ready">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm">{t('emergencySheet.ready')}</Text>
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              data-testid="emergency-sheet-link"
            >
              {t('emergencySheet.open')}
            </Button>
          </Group>
        </Alert>
      )}
      {failed && !running && (
        <Alert color="red" variant="light" data-testid="emergency-sheet-failed">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm">
              {start.isError ? errorText(start.error) : job.isError ? errorText(job.error) : t('emergencySheet.failed')}
            </Text>
            <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} onClick={make}>
              {t('emergencySheet.retry')}
            </Button>
          </Group>
        </Alert>
      )}
    </FormModal>
  );
}

/** The button that opens it, for those who manage the school's students. */
export function EmergencySheetButton({ classId }: { classId: string }) {
  const { t } = useTranslation(ATT_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="emergency-sheet-button"
      >
        {t('emergencySheet.button')}
      </Button>
      {open && <EmergencySheetModal key={classId} classId={classId} onClose={() => setOpen(false)} />}
    </>
  );
}
