import { BODY_SIDES, type BodyMark } from '@cue/contract';
import { ActionIcon, Box, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { childSideOf, FIGURE, markFromClick, numberedMarks, pointOfMark } from '../care';
import { CARELOG_NS } from '../i18n';

type Side = (typeof BODY_SIDES)[number];

/** A child's outline (head, body, arms, legs); the front has a face so the two figures are told apart. */
function Outline({ side }: { side: Side }) {
  const stroke = { fill: 'var(--mantine-color-gray-0)', stroke: 'var(--mantine-color-gray-6)', strokeWidth: 1.5 };
  return (
    <g>
      <circle cx={60} cy={26} r={19} {...stroke} />
      <rect x={54} y={44} width={12} height={10} {...stroke} />
      <rect x={36} y={52} width={48} height={84} rx={14} {...stroke} />
      <rect x={17} y={56} width={16} height={78} rx={8} {...stroke} />
      <rect x={87} y={56} width={16} height={78} rx={8} {...stroke} />
      <circle cx={25} cy={141} r={8} {...stroke} />
      <circle cx={95} cy={141} r={8} {...stroke} />
      <rect x={38} y={128} width={20} height={112} rx={9} {...stroke} />
      <rect x={62} y={128} width={20} height={112} rx={9} {...stroke} />
      <ellipse cx={46} cy={246} rx={12} ry={7} {...stroke} />
      <ellipse cx={74} cy={246} rx={12} ry={7} {...stroke} />
      {side === 'front' ? (
        <g fill="var(--mantine-color-gray-6)">
          <circle cx={53} cy={23} r={1.8} />
          <circle cx={67} cy={23} r={1.8} />
          <path d="M53 33 Q60 38 67 33" fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth={1.5} />
        </g>
      ) : (
        <path d="M44 12 Q60 2 76 12" fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth={1.5} />
      )}
    </g>
  );
}

/** One figure with its numbered marks; a click adds a mark when `onAdd` is given. */
function Figure({ side, marks, onAdd }: { side: Side; marks: (BodyMark & { n: number })[]; onAdd?: (mark: BodyMark) => void }) {
  const { t } = useTranslation(CARELOG_NS);
  // From the keyboard a mark goes in the middle of the figure; its note then says where.
  const key = (event: KeyboardEvent<SVGSVGElement>) => {
    if (!onAdd || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onAdd({ side, x: 50, y: 50, note: '' });
  };
  const click = (event: MouseEvent<SVGSVGElement>) => {
    if (!onAdd) return;
    const { x, y } = markFromClick(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    onAdd({ side, x, y, note: '' });
  };
  // The child faces the reader on the front: their right is on the reader's left. On the back they agree.
  const [leftLabel, rightLabel] =
    side === 'front' ? [t('body.childRight'), t('body.childLeft')] : [t('body.childLeft'), t('body.childRight')];
  return (
    <Stack gap={4} align="center">
      <Text fz="sm" fw={600}>
        {side === 'front' ? t('body.front') : t('body.back')}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Text fz={10} c="dimmed" w={34} ta="center" lh={1.1}>
          {leftLabel}
        </Text>
        <svg
          viewBox={`0 0 ${FIGURE.width} ${FIGURE.height}`}
          width={120}
          height={260}
          role={onAdd ? 'button' : 'img'}
          aria-label={
            onAdd
              ? t('body.addOn', { side: side === 'front' ? t('body.front') : t('body.back') })
              : t('body.figure', { side: side === 'front' ? t('body.front') : t('body.back'), count: marks.length })
          }
          onClick={click}
          onKeyDown={key}
          tabIndex={onAdd ? 0 : undefined}
          style={{ cursor: onAdd ? 'crosshair' : 'default', maxWidth: '100%', height: 'auto', touchAction: 'manipulation' }}
          data-testid={`body-${side}`}
        >
          <Outline side={side} />
          {marks.map((mark) => {
            const { cx, cy } = pointOfMark(mark);
            return (
              <g key={mark.n} data-testid="body-mark">
                <circle cx={cx} cy={cy} r={7} fill="var(--mantine-color-red-7)" stroke="white" strokeWidth={1.5} />
                <text x={cx} y={cy + 3.5} textAnchor="middle" fontSize={9} fontWeight={700} fill="white">
                  {mark.n}
                </text>
              </g>
            );
          })}
        </svg>
        <Text fz={10} c="dimmed" w={34} ta="center" lh={1.1}>
          {rightLabel}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The body map: the child's outline front and back. Never mirrored (the figures keep their sides in
 * right-to-left languages), and each figure says which side is the child's left and right. Editable
 * with `onChange`: a click adds a numbered mark, each mark takes a note and can be removed.
 */
export function BodyMap({ marks, onChange }: { marks: BodyMark[]; onChange?: (marks: BodyMark[]) => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const numbered = numberedMarks(marks);
  const add = onChange ? (mark: BodyMark) => onChange([...marks, mark]) : undefined;
  const setNote = (index: number, note: string) => onChange?.(marks.map((m, i) => (i === index ? { ...m, note } : m)));
  const remove = (index: number) => onChange?.(marks.filter((_, i) => i !== index));
  return (
    <Stack gap="sm" data-testid="body-map">
      {onChange && (
        <Text fz="sm" c="dimmed">
          {t('body.hint')}
        </Text>
      )}
      {/* The figures are a picture of a body: laid out left to right in every language. */}
      <Group dir="ltr" justify="center" gap="lg" wrap="wrap">
        {BODY_SIDES.map((side) => (
          <Figure key={side} side={side} marks={numbered.filter((m) => m.side === side)} onAdd={add} />
        ))}
      </Group>
      {numbered.length > 0 &&
        (onChange ? (
          <Stack gap="xs">
            {numbered.map((mark, i) => (
              <Group key={mark.n} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('body.markNote', { n: mark.n, side: mark.side === 'front' ? t('body.front') : t('body.back') })}
                  maxLength={200}
                  value={mark.note}
                  onChange={(e) => setNote(i, e.currentTarget.value)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('body.removeMark', { n: mark.n })}
                  onClick={() => remove(i)}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : (
          <Box component="ol" m={0} ps="lg" data-testid="body-notes">
            {numbered.map((mark) => (
              <Text component="li" key={mark.n} fz="sm">
                {t('body.markPlace', {
                  side: mark.side === 'front' ? t('body.front') : t('body.back'),
                  where: t(`body.where.${childSideOf(mark)}`),
                })}
                {mark.note ? `: ${mark.note}` : ''}
              </Text>
            ))}
          </Box>
        ))}
    </Stack>
  );
}
