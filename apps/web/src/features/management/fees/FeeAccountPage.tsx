import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { FEES_NS, managementNeed } from '../i18n';

function Body() {
  const { t } = useTranslation(FEES_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/management-setup/fee/accounts/:id: a family's account. */
export default function FeeAccountPage() {
  return (
    <Gate need={managementNeed('management-setup.fee/collection')}>
      <Body />
    </Gate>
  );
}
