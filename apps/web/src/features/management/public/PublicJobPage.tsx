import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PUBLIC_FORMS_NS } from '../i18n';

/** /public/jobs/:schoolId/:id: a job and its application form (no sign-in). */
export default function PublicJobPage() {
  const { t } = useTranslation(PUBLIC_FORMS_NS);
  return <Title order={1}>{t('job.title')}</Title>;
}
