import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PUBLIC_FORMS_NS } from '../i18n';

/** /public/admissions/:schoolId/:kind: a school's enquiry or application form (no sign-in). */
export default function PublicAdmissionPage() {
  const { t } = useTranslation(PUBLIC_FORMS_NS);
  return <Title order={1}>{t('admission.title')}</Title>;
}
