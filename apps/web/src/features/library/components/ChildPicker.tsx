import { Alert, Avatar, Group, Select, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { formatClassName, fullName } from '../../../lib/format';
import { useCurrentClass } from '../../shell/Selectors';
import { type LibraryStudentRow, useLibraryStudents } from '../api-desk';
import { LIBRARY_NS } from '../i18n';
import { libraryErrorText, nameMatches } from './libraryText';
import { optionStyle } from './option';

/**
 * The children of a class the caller reaches, to choose one: the class (the top bar's by default, or
 * the page's when it is given), a search by name, and each child with what they have out (loans of the
 * most the rules allow, overdue, reservations). Each child is a button named by the child's name.
 */
export function ChildPicker({
  classId: givenClass,
  onClassChange,
  selectedId,
  onPick,
  testId = 'child-picker',
  maxHeight,
}: {
  /** The page's class; without it the picker keeps its own, starting from the top bar's. */
  classId?: string | null;
  onClassChange?: (classId: string) => void;
  selectedId?: string | null;
  onPick: (row: LibraryStudentRow) => void;
  testId?: string;
  /** The list scrolls inside this height (in a dialog). */
  maxHeight?: number;
}) {
  const { t } = useTranslation(LIBRARY_NS);
  const { schools, current } = useCurrentClass();
  const classes = schools.data?.find((s) => s.current)?.classes ?? [];
  const [ownClass, setOwnClass] = useState<string | null>(null);
  const classId = givenClass !== undefined ? givenClass : (ownClass ?? current?.id ?? null);
  const [query, setQuery] = useState('');
  const list = useLibraryStudents(classId);
  const rows = (list.data ?? []).filter((r) => nameMatches(r.student, query));

  if (!schools.isPending && !classes.length)
    return (
      <Alert color="gray" variant="light" data-testid={`${testId}-no-class`}>
        {t('childPicker.noClass')}
      </Alert>
    );

  return (
    <Stack gap="sm" data-testid={testId}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {givenClass === undefined && (
          <Select
            label={t('childPicker.class')}
            data={classes.map((c) => ({ value: c.id, label: formatClassName(c.class_name).text }))}
            value={classId}
            onChange={(v) => {
              if (!v) return;
              setOwnClass(v);
              onClassChange?.(v);
            }}
            allowDeselect={false}
            searchable
            style={{ flex: '1 1 180px' }}
            data-testid={`${testId}-class`}
          />
        )}
        <TextInput
          label={t('childPicker.search')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '2 1 200px' }}
          data-testid={`${testId}-search`}
        />
      </Group>
      {list.error && !list.data ? (
        <Alert color="red" variant="light" title={libraryErrorText(list.error)} />
      ) : !list.data ? (
        <Stack gap="xs">
          {[0, 1, 2].map((k) => (
            <Skeleton key={k} h={52} radius="md" />
          ))}
        </Stack>
      ) : !list.data.length ? (
        <Text c="dimmed" fz="sm">
          {t('childPicker.empty')}
        </Text>
      ) : !rows.length ? (
        <Text c="dimmed" fz="sm">
          {t('childPicker.none')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          aria-label={t('childPicker.label')}
          style={{ listStyle: 'none', maxHeight, overflowY: maxHeight ? 'auto' : undefined }}
        >
          {rows.map((row) => (
            <li key={row.student.id}>
              <ChildRow row={row} selected={row.student.id === selectedId} onPick={() => onPick(row)} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ChildRow({ row, selected, onPick }: { row: LibraryStudentRow; selected: boolean; onPick: () => void }) {
  const { t } = useTranslation(LIBRARY_NS);
  const name = fullName(row.student);
  return (
    <UnstyledButton
      onClick={onPick}
      aria-pressed={selected}
      data-testid="library-child"
      data-student={row.student.id}
      w="100%"
      p="xs"
      style={optionStyle(selected)}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={row.student.student_profile_picture} size={36} radius="xl" color="cue" alt="" aria-hidden>
          {name.slice(0, 1)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('childPicker.loans', { count: row.open_loans, max: row.max_loans })}
          </Text>
        </Stack>
        <Group gap={4} wrap="wrap" justify="flex-end">
          {row.overdue > 0 && (
            <SoftBadge color="red" data-testid="child-overdue">
              {t('loan.overdueCount', { count: row.overdue })}
            </SoftBadge>
          )}
          {row.reservations > 0 && (
            <SoftBadge color="grape" data-testid="child-reservations">
              {t('childPicker.reservations', { count: row.reservations })}
            </SoftBadge>
          )}
        </Group>
      </Group>
    </UnstyledButton>
  );
}
