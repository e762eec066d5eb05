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

/** /admin/management-setup/hiring: openings, applications by stage and interviews. */
export default function HiringPage() {
  return (
    <Gate need={managementNeed('management-setup.hiring')}>
      <Body />
    </Gate>
  );
}
