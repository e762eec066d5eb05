import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEES_NS } from '../i18n';

/** /fees: a family's invoices, receipts and balance. */
export default function FamilyFeesPage() {
  const { t } = useTranslation(FEES_NS);
  return <Title order={1}>{t('family.title')}</Title>;
}
