import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { HIRING_NS, managementNeed } from '../i18n';

function Body() {
  const { t } = useTranslation(HIRING_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/management-setup/hiring/applications/:id: one applicant: CV, notes, interviews, stage and the hire. */
export default function JobApplicationPage() {
  return (
    <Gate need={managementNeed('management-setup.hiring')}>
      <Body />
    </Gate>
  );
}
