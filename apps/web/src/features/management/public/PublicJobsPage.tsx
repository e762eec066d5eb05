import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HIRING_NS } from '../i18n';

/** /public/jobs/:schoolId: a school's open jobs (no sign-in). */
export default function PublicJobsPage() {
  const { t } = useTranslation(HIRING_NS);
  return <Title order={1}>{t('public.jobsTitle')}</Title>;
}
