import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { academicNeed, DAY_SCHEDULE_NS } from '../i18n';

function Body() {
  const { t } = useTranslation(DAY_SCHEDULE_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/academic-setup/day-schedule: the school's day per weekday or rotating cycle, per division or class. */
export default function DaySchedulePage() {
  return (
    <Gate need={academicNeed('academic-setup.day-schedule')}>
      <Body />
    </Gate>
  );
}
