import { QUESTION_TOOL } from '@cue/contract';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { useClassRoster } from '../api';
import type { CardProps } from '../cards/CardFrame';
import { ToolCard } from '../cards/ToolCard';
import { ClarifyCard } from '../components/ClarifyCard';
import { CUE_NS } from '../i18n';
import type { ChatEntry } from '../stream';

interface Props {
  entry: ChatEntry;
  classId: string | null;
  onSave: CardProps['onSave'];
  onAnswer: (label: string, value: string) => void;
  /** Answered already, or Cue is busy. */
  answered: boolean;
}

/**
 * The cards of one of Cue's answers in the small chat window: the chat page's own cards (attendance,
 * observations, announcements, children mentioned) and its question with choices, loaded with the
 * window's first card.
 */
export default function SmallChatCards({ entry, classId, onSave, onAnswer, answered }: Props) {
  // The cards speak of statuses in the attendance namespace's words.
  useTranslation([CUE_NS, 'attendance']);
  const roster = useClassRoster(classId);
  const names = useMemo(() => new Map((roster.data?.student_list ?? []).map((s) => [s.id, fullName(s)] as const)), [roster.data]);
  const cards = entry.toolCalls.filter((c) => c.name !== QUESTION_TOOL);
  if (cards.length === 0 && !entry.clarify) return null;
  return (
    <Stack gap="xs" data-testid="small-chat-cards">
      {entry.clarify && <ClarifyCard clarify={entry.clarify} onAnswer={onAnswer} disabled={answered} />}
      {cards.map((call) => (
        <ToolCard key={call.key} call={call} names={names} onSave={onSave} classId={classId} />
      ))}
    </Stack>
  );
}
