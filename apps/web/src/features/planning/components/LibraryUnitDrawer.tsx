import { Alert, Badge, Button, Drawer, Group, Skeleton, Stack, Text, Title, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArchive, IconCopy, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { type LibraryUnit, useArchiveLibraryUnit, useLibraryUnit } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { UnitFieldsView } from './UnitFieldsView';

/**
 * One library unit opened from the list: its summary, ages, length, version and copies, and its planner
 * read only; "Use in my class", and for the organization's units that the reader may edit, "Edit" and
 * "Archive" (the global library is read only: its units never offer them).
 */
export function LibraryUnitDrawer({
  id,
  onClose,
  onCopy,
  onEdit,
}: {
  id: string;
  onClose: () => void;
  onCopy: (unit: LibraryUnit) => void;
  onEdit: (unit: LibraryUnit) => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const { dir } = useDirection();
  const phone = useMediaQuery('(max-width: 36em)');
  const unit = useLibraryUnit(id);
  const archive = useArchiveLibraryUnit();
  const [archiving, setArchiving] = useState(false);
  const data = unit.data;
  const editable = !!data && data.scope === 'organization' && data.abilities.can_edit;

  return (
    <Drawer
      opened
      onClose={onClose}
      position={dir === 'rtl' ? 'left' : 'right'}
      size={phone ? '100%' : 'lg'}
      title={data?.title ?? t('library.detail.loading')}
      closeButtonProps={{ 'aria-label': t('library.detail.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {unit.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {planningErrorText(unit.error)}
        </Alert>
      ) : !data ? (
        <Stack>
          <Skeleton h={24} w="60%" />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack gap="lg" data-testid="library-detail">
          <Group gap={6}>
            <Badge variant="light" color={data.scope === 'global' ? 'blue' : 'teal'} style={{ textTransform: 'none' }}>
              {t(`library.scope.${data.scope}`)}
            </Badge>
            <Badge variant="outline" style={{ textTransform: 'none' }}>
              {t(`library.framework.${data.framework}`)}
            </Badge>
            {data.kind === 'project' && (
              <Badge variant="outline" color="grape" style={{ textTransform: 'none' }}>
                {t('library.kind.project')}
              </Badge>
            )}
          </Group>
          {data.summary && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
              {data.summary}
            </Text>
          )}
          <Group gap="lg" component="dl" m={0} wrap="wrap">
            <Fact term={t('library.card.ages')} value={data.age_range || t('library.card.anyAge')} />
            <Fact term={t('library.card.length')} value={t('library.card.weeks', { count: data.weeks })} />
            <Fact term={t('library.card.version')} value={t('library.card.versionNumber', { version: data.version })} />
            <Fact term={t('library.card.copiesTerm')} value={t('library.card.copies', { count: data.copies })} />
          </Group>
          <Group gap="sm">
            {data.abilities.can_copy && (
              <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onCopy(data)}>
                {t('library.action.use')}
              </Button>
            )}
            {editable && (
              <>
                <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(data)}>
                  {t('library.action.edit')}
                </Button>
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconArchive size={16} aria-hidden />}
                  onClick={() => setArchiving(true)}
                >
                  {t('library.action.archive')}
                </Button>
              </>
            )}
          </Group>
          {data.scope === 'global' && (
            <Text fz="xs" c="dimmed">
              {t('library.detail.globalNote')}
            </Text>
          )}
          <Stack gap="xs" component="section" aria-labelledby="library-plan-title">
            <Title order={3} fz="md" id="library-plan-title">
              {t('library.detail.plan')}
            </Title>
            <UnitFieldsView framework={data.framework} kind={data.kind} fields={data.fields} areas={data.areas} />
          </Stack>
        </Stack>
      )}
      {archiving && data && (
        <ConfirmModal
          opened
          onClose={() => setArchiving(false)}
          title={t('library.archive.title')}
          message={t('library.archive.body', { title: data.title })}
          confirmLabel={t('library.archive.confirm')}
          pending={archive.isPending}
          onConfirm={() =>
            archive.mutate(data._id, {
              onSuccess: toastThen(planningMessage('libraryArchived'), () => {
                setArchiving(false);
                onClose();
              }),
              onError: (err) => toast.error(planningErrorText(err)),
            })
          }
        />
      )}
    </Drawer>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" fz="sm" fw={500} m={0}>
        <bdi>{value}</bdi>
      </Text>
    </div>
  );
}
