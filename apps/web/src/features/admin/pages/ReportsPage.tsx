import { type ClassSummary, ROUTES } from '@cue/contract';
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassName } from '../../../components/ClassName';
import { DataTable } from '../../../components/DataTable';
import { errorText, toast } from '../../../lib/notify';
import { useStaffClassList } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';
import { downloadFile } from '../download';

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'class';

/** Reports as CSV files: the class list of each class, and the school's contact sheet. */
export default function ReportsPage() {
  const { t } = useTranslation('admin');
  const classes = useStaffClassList(useAllowed('reports'));
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (key: string, run: () => Promise<string>) => {
    setBusy(key);
    try {
      const filename = await run();
      toast.success(t('reports.downloaded', { filename }));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const classList = (cls: ClassSummary) =>
    download(cls.id, () =>
      downloadFile(ROUTES.reportClassList, `${safeName(cls.class_name)}-class-list.csv`, { params: { id: cls.id } }),
    );
  const contacts = () => download('contacts', () => downloadFile(ROUTES.reportContacts, 'contact-sheet.csv'));

  return (
    <AdminPage item="reports" title={t('menu.reports')} description={t('reports.description')}>
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
              <IconAddressBook size={24} aria-hidden />
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {t('reports.contacts')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('reports.contactsHint')}
              </Text>
            </Stack>
          </Group>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void contacts()}
            loading={busy === 'contacts'}
            variant="light"
          >
            {t('reports.downloadContacts')}
          </Button>
        </Group>
      </Paper>
      <Title order={2} fz="lg" mt="md">
        {t('reports.classLists')}
      </Title>
      <DataTable
        testId="reports-table"
        caption={t('reports.classLists')}
        rows={classes.data}
        loading={classes.isPending}
        error={classes.error}
        onRetry={() => void classes.refetch()}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.class_name}
        emptyText={t('reports.noClasses')}
        columns={[
          { key: 'name', header: t('classes.columns.name'), render: (c) => <ClassName name={c.class_name} fw={600} fz="sm" /> },
          { key: 'year', header: t('classes.columns.year'), render: (c) => <Text fz="sm">{c.academic_year}</Text> },
          {
            key: 'students',
            header: t('classes.columns.students'),
            width: 110,
            align: 'center',
            render: (c) => (
              <Badge variant="light" color="gray" radius="sm">
                {c.student_count}
              </Badge>
            ),
          },
        ]}
        actions={(c) => [
          {
            label: t('reports.downloadClassList'),
            icon: IconDownload,
            onClick: () => void classList(c),
            disabled: busy === c.id,
          },
        ]}
      />
    </AdminPage>
  );
}
