import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { academicNeed, RESOURCES_NS } from '../i18n';

function Body() {
  const { t } = useTranslation(RESOURCES_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/academic-setup/resources: rooms, equipment and materials, and their bookings. */
export default function ResourcesPage() {
  return (
    <Gate need={academicNeed('academic-setup.resources')}>
      <Body />
    </Gate>
  );
}
