import { Avatar, Badge, Group } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../lib/format';
import { readMentioned } from '../drafts';
import { CUE_NS } from '../i18n';
import { CardFrame, type CardProps, nameOf } from './CardFrame';

/** mentioned_students: the children the sentence named, when nothing else was asked of them. */
export function MentionedCard({ call, names }: CardProps) {
  const { t } = useTranslation(CUE_NS);
  const students = readMentioned(call.args);
  return (
    <CardFrame call={call} testId="cue-card-mentioned" icon={<IconUsers size={20} />} title={t('mentioned.title')}>
      <Group gap={8}>
        {students.map((s) => {
          const name = nameOf(names, s.id, s.name || t('card.unknownChild'));
          const [first = '', last = ''] = name.split(' ');
          return (
            <Badge
              key={s.id}
              size="lg"
              radius="xl"
              variant="light"
              tt="none"
              pl={4}
              leftSection={
                <Avatar size={22} radius="xl" color="cue">
                  {initials({ first_name: first, last_name: last })}
                </Avatar>
              }
            >
              {name}
            </Badge>
          );
        })}
      </Group>
    </CardFrame>
  );
}
