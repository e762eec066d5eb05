import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANNING_NS, planningErrorText } from '../i18n';

/** The columns planning's card lists use: one on a phone, two on a tablet, three on a wide screen. */
const CARD_COLUMNS = { base: 1, sm: 2, lg: 3 };

/** A list that could not be read: the server's reason, and a retry where the page offers one. */
export function ListError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
      {onRetry ? (
        <Group justify="space-between" gap="sm">
          <Text fz="sm">{planningErrorText(error)}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : (
        planningErrorText(error)
      )}
    </Alert>
  );
}

/** Three card-sized placeholders while a list loads, announced as busy under `label`. */
export function LoadingCards({ label, height }: { label: string; height: number }) {
  return (
    <SimpleGrid cols={CARD_COLUMNS} aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} h={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/** An empty list's panel: an icon, what is (not) there, and what may be done next. */
export function EmptyCards({
  icon,
  title,
  children,
  testId = 'empty-state',
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm">
        {icon}
        {/* Without an icon to lead the eye, the words stand a little stronger. */}
        <Text ta="center" fw={icon ? 500 : 600}>
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The found cards as a list (a screen reader counts its items under `label`), the total above them
 * announced as it changes with the filters.
 */
export function CardGrid({
  total,
  label,
  testId,
  spacing = 'md',
  children,
}: {
  total: string;
  label: string;
  testId: string;
  spacing?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {total}
      </Text>
      <SimpleGrid
        component="ul"
        cols={CARD_COLUMNS}
        spacing={spacing}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={label}
        data-testid={testId}
      >
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** A filter bar's search box: the words typed, a magnifier before them. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  width,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  width: number;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: width }}
      type="search"
    />
  );
}
