import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HIRING_NS } from '../i18n';

/** /public/jobs/:schoolId/:id: a job and its application form (no sign-in). */
export default function PublicJobPage() {
  const { t } = useTranslation(HIRING_NS);
  return <Title order={1}>{t('public.jobTitle')}</Title>;
}
