import { useTranslation } from 'react-i18next';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { academicNeed, CURRICULUM_NS } from '../i18n';

function Body() {
  const { t } = useTranslation(CURRICULUM_NS);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {null}
    </Page>
  );
}

/** /admin/academic-setup/curriculum: the school's frameworks, and which classes use them. */
export default function CurriculumPage() {
  return (
    <Gate need={academicNeed('academic-setup.curriculum')}>
      <Body />
    </Gate>
  );
}
