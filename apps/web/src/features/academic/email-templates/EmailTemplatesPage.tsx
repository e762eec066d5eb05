import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { academicNeed, EMAIL_TEMPLATES_NS } from '../i18n';

function Body() {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/academic-setup/email-templates: every email the product sends, per language. */
export default function EmailTemplatesPage() {
  return (
    <Gate need={academicNeed('academic-setup.email-templates')}>
      <Body />
    </Gate>
  );
}
