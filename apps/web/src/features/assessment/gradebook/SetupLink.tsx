import { ASSESSMENT_ADMIN, can } from '@cue/contract';
import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../shell/ShellContext';
import { GRADEBOOK_NS } from '../i18n';

/**
 * "Setup" (periods, grade scales, report templates), shown only to those who set up assessment. Its
 * words are the gradebook catalog's: a page of another namespace that shows it loads that one too
 * (`useTranslation([…, GRADEBOOK_NS])` happens here).
 */
export function SetupLink() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const { held } = useShell();
  if (!can({ permission: ASSESSMENT_ADMIN }, held)) return null;
  return (
    <Button component={Link} to="/assessment/setup" variant="default" leftSection={<IconSettings size={16} aria-hidden />}>
      {t('page.setup')}
    </Button>
  );
}
