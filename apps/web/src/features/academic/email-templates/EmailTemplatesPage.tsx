import { type EmailTemplateKey, type Language, pagePath } from '@cue/contract';
import { Alert, Anchor, Box, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { AuditHistory } from '../components/AuditHistory';
import { academicNeed, EMAIL_TEMPLATES_NS } from '../i18n';
import { useEmailTemplates } from './api-email-templates';
import { type EmailRow, groupEmails, LANGUAGE_NAMES } from './templateText';

/** A date the list and the editor show (the server's timestamps are ISO). */
export const showChanged = (iso: string): string =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(new Date(iso));

function LanguageLink({ emailKey, entry }: { emailKey: EmailTemplateKey; entry: EmailRow['languages'][number] }) {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  const language: Language = entry.language;
  const state = entry.customised
    ? entry.updated_at
      ? t('status.changedOn', { date: showChanged(entry.updated_at) })
      : t('status.changed')
    : t('status.default');
  // The link is named by what it shows (the language and its state), as voice control users read it.
  return (
    <Anchor
      component={Link}
      to={pagePath.emailTemplate(emailKey, language)}
      underline="never"
      data-testid={`email-${emailKey}-${language}`}
    >
      <Group gap={6} wrap="nowrap">
        <Text span fz="sm" lang={language}>
          {LANGUAGE_NAMES[language]}
        </Text>
        <SoftBadge color={entry.customised ? 'cue' : 'gray'} outline={!entry.customised}>
          {state}
        </SoftBadge>
      </Group>
    </Anchor>
  );
}

function Row({ row }: { row: EmailRow }) {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid={`email-${row.key}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Box miw={0} flex="1 1 240px">
            <Anchor component={Link} to={pagePath.emailTemplate(row.key)} fw={600}>
              {t(`keys.${row.key}.name`)}
            </Anchor>
            <Text fz="sm" c="dimmed">
              {t(`keys.${row.key}.description`)}
            </Text>
          </Box>
          <SoftBadge color={row.audience === 'staff' ? 'grape' : row.audience === 'family' ? 'teal' : 'blue'}>
            {t(`audience.${row.audience}`)}
          </SoftBadge>
        </Group>
        <Group gap="lg" wrap="wrap">
          {row.languages.map((entry) => (
            <LanguageLink key={entry.language} emailKey={row.key} entry={entry} />
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function Body() {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  const list = useEmailTemplates();
  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      actions={<AuditHistory entityType="email_template" label={t('list.history')} />}
    >
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Loader size="sm" aria-label={t('list.loading')} />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={88} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" title={t('list.error')}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorText(list.error)}</Text>
            <Button variant="default" size="xs" onClick={() => void list.refetch()}>
              {t('list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="xl">
          {groupEmails(list.data).map((group) => (
            <Box component="section" key={group.area} aria-labelledby={`email-area-${group.area}`}>
              <Title order={2} fz="lg" mb="sm" id={`email-area-${group.area}`}>
                {t(`areas.${group.area}`)}
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {group.rows.map((row) => (
                  <Row key={row.key} row={row} />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
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
