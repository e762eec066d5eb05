import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { ADMISSIONS_NS, managementNeed } from '../i18n';

function Body() {
  const { t } = useTranslation(ADMISSIONS_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/management-setup/admissions/:id: one application: answers, documents, notes, history, stage and enrolment. */
export default function AdmissionPage() {
  return (
    <Gate need={managementNeed('management-setup.admissions')}>
      <Body />
    </Gate>
  );
}
