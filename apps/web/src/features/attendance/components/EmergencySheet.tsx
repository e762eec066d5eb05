import { Button, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ExportLanguage,
  ExportLanguagePicker,
  ExportProgress,
  readerExportLanguage,
  useExportJob,
} from '../../../components/ExportJob';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/notify';
import { useStartEmergencySheet } from '../../children/api';
import { ATT_NS } from '../i18n';

/**
 * The class's emergency sheet (photos, allergies, contacts) as a PDF, for outings and fire drills: the
 * sheet is prepared by a job whose progress shows here, then opened from its link.
 */
function EmergencySheetModal({ classId, onClose }: { classId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const [language, setLanguage] = useState<ExportLanguage>(readerExportLanguage(i18n.language));
  const start = useStartEmergencySheet();
  const job = useExportJob(start);
  const make = () => job.make({ classId, language });

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('emergencySheet.title')}
      submitLabel={t('emergencySheet.make')}
      onSubmit={make}
      pending={start.isPending}
      submitDisabled={job.running}
    >
      <Text fz="sm" c="dimmed">
        {t('emergencySheet.hint')}
      </Text>
      <ExportLanguagePicker label={t('emergencySheet.language')} value={language} onChange={setLanguage} disabled={job.running} />
      <ExportProgress
        job={job}
        testId="emergency-sheet"
        text={{
          name: t('emergencySheet.title'),
          preparing: t('emergencySheet.preparing', { progress: job.progress }),
          ready: t('emergencySheet.ready'),
          open: t('emergencySheet.open'),
          failed: job.error ? errorText(job.error) : t('emergencySheet.failed'),
          retry: t('emergencySheet.retry'),
        }}
        onRetry={make}
      />
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
