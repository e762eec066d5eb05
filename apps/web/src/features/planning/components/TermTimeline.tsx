import { Box, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TermPlan } from '../api';
import { PLANNING_NS } from '../i18n';
import { showRange } from '../planFormat';
import { byStart, isoOf, monthsOf, pointOf, type Span, spanOf } from '../termTimeline';
import classes from './Term.module.css';

export type TermUnit = TermPlan['units'][number];

const place = (span: Span) => ({ insetInlineStart: `${span.start}%`, width: `${span.width}%` });

/** The words of a term and a status, said with static keys (so the catalog check finds them). */
export function useTermWords() {
  const { t } = useTranslation(PLANNING_NS);
  return useMemo(
    () => ({
      term: { spring: t('term.spring'), summer: t('term.summer'), autumn: t('term.autumn') },
      status: { planned: t('term.status.planned'), running: t('term.status.running'), done: t('term.status.done') },
    }),
    [t],
  );
}

/**
 * The class's academic year as a timeline: its months, its terms as bands, a bar per unit from its start
 * to its end coloured by status, today marked. Each bar is a button named with the unit's title, dates
 * and status; choosing one selects it for the panel below.
 */
export function TermTimeline({
  plan,
  todayIso,
  selected,
  onSelect,
}: {
  plan: TermPlan;
  todayIso: string;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const words = useTermWords();
  const from = isoOf(plan.year_start) ?? '';
  const to = isoOf(plan.year_end) ?? '';
  const months = useMemo(() => monthsOf(from, to), [from, to]);
  const units = useMemo(() => byStart(plan.units), [plan.units]);
  const today = pointOf(from, to, todayIso);
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });

  return (
    <Box className={classes.scroller} data-testid="term-timeline">
      <div className={classes.track}>
        {today !== null && (
          <div className={classes.today} style={{ insetInlineStart: `${today}%` }} data-testid="term-today">
            <span className={classes.todayLabel}>{t('term.today')}</span>
          </div>
        )}
        <div className={`${classes.row} ${classes.months}`} aria-hidden>
          {months.map((m) => (
            <div key={m.month} className={classes.month} style={place(m.span)}>
              {monthName.format(new Date(`${m.month}T00:00:00Z`))}
            </div>
          ))}
        </div>
        <ul className={classes.row} style={{ listStyle: 'none', padding: 0 }} aria-label={t('term.termsLabel')}>
          {plan.terms.map((term) => {
            const span = spanOf(from, to, isoOf(term.start) ?? '', isoOf(term.end) ?? '');
            if (!span) return null;
            return (
              <li
                key={term.start}
                className={`${classes.term} ${classes[term.name]}`}
                style={place(span)}
                title={`${words.term[term.name]} · ${showRange(term.start, term.end, i18n.language)}`}
              >
                {words.term[term.name]}
              </li>
            );
          })}
        </ul>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('term.unitsLabel')}>
          {units.map((unit) => {
            const span = spanOf(from, to, isoOf(unit.start_date) ?? '', isoOf(unit.end_date) ?? '');
            if (!span) return null;
            const dates = showRange(unit.start_date, unit.end_date, i18n.language);
            return (
              <li key={unit._id} className={classes.row}>
                <button
                  type="button"
                  className={`${classes.bar} ${classes[unit.status]}`}
                  style={place(span)}
                  aria-pressed={selected === unit._id}
                  aria-label={t('term.barName', { title: unit.name, dates, status: words.status[unit.status] })}
                  title={`${unit.name} · ${dates}`}
                  onClick={() => onSelect(unit._id)}
                  data-testid="term-unit"
                >
                  {unit.name}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </Box>
  );
}

/** What the colours mean. */
export function TermLegend() {
  const words = useTermWords();
  return (
    <Group gap="md" wrap="wrap" aria-hidden>
      {(['planned', 'running', 'done'] as const).map((status) => (
        <Group key={status} gap={6} wrap="nowrap">
          <span className={`${classes.swatch} ${classes[status]}`} />
          <Text fz="xs">{words.status[status]}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** A unit's dates in the reader's language. */
export const unitDates = (unit: TermUnit, language: string) => showRange(unit.start_date, unit.end_date, language);
