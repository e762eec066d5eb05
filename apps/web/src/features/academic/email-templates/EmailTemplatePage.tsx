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

/** /admin/academic-setup/email-templates/:key: one email's subject and body in en, ar and he, with a live preview. */
export default function EmailTemplatePage() {
  return (
    <Gate need={academicNeed('academic-setup.email-templates')}>
      <Body />
    </Gate>
  );
}
