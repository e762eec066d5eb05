import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConversations } from '../api';
import classes from '../Cue.module.css';
import { CUE_NS } from '../i18n';

interface Props {
  classId: string | null;
  currentId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}

const when = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    language,
    sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric' },
  ).format(date);
};

/** The person's conversations about the class; choosing one reopens it. */
export function ConversationList({ classId, currentId, onOpen, onNew }: Props) {
  const { t, i18n } = useTranslation(CUE_NS);
  const list = useConversations(classId);
  return (
    <Stack gap="xs" component="nav" aria-labelledby="cue-conversations-title" data-testid="cue-conversations">
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onNew} fullWidth justify="flex-start">
        {t('conversations.new')}
      </Button>
      <Text id="cue-conversations-title" fz="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" px={4}>
        {t('conversations.title')}
      </Text>
      {list.isPending && classId ? (
        [0, 1, 2].map((n) => <Skeleton key={n} height={40} radius="md" />)
      ) : list.isError ? (
        <Text fz="sm" c="red" px={4}>
          {t('conversations.loadFailed')}
        </Text>
      ) : !list.data || list.data.length === 0 ? (
        <Text fz="sm" c="dimmed" px={4}>
          {t('conversations.empty')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={classes.conversation}
                aria-current={c.id === currentId}
                onClick={() => onOpen(c.id)}
                data-testid="cue-conversation"
              >
                <Text fz="sm" fw={500} truncate className={classes.bidi}>
                  {c.title}
                </Text>
                <Text fz="xs" c="dimmed">
                  {when(c.updated_at, i18n.language)}
                </Text>
              </button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
