import type { TimetableDay } from '@cue/contract';
import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTime } from '../../academic/schedule/slots';
import { TIMETABLE_NS } from '../i18n';
import {
  type Clash,
  cellKey,
  clashKinds,
  dayName,
  gridRows,
  layoutDay,
  type OutlineDay,
  orderedDays,
  type Placed,
} from '../week';
import classes from './Timetable.module.css';

/** A period's times, each kept whole, the range reading in the page's direction (a line may break after the dash). */
export function PeriodTime({ start, end }: { start: string; end: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={classes.periodTime}>
      <bdi className={classes.nowrap}>{readableTime(start, i18n.language)}</bdi>–<wbr />
      <bdi className={classes.nowrap}>{readableTime(end, i18n.language)}</bdi>
    </span>
  );
}

/** The grid's header row: "Period", then the week's days (short names where space is tight). */
export function WeekHeadRow({ days, short }: { days: readonly { day: TimetableDay }[]; short?: boolean }) {
  const { t, i18n } = useTranslation(TIMETABLE_NS);
  return (
    <tr>
      <th scope="col" className={classes.periodHead}>
        {t('grid.period')}
      </th>
      {days.map((d) => (
        <th scope="col" key={d.day} data-day={d.day}>
          {short ? dayName(d.day, i18n.language, 'short') : dayName(d.day, i18n.language)}
        </th>
      ))}
    </tr>
  );
}

/** A period's row header: its name and times. */
export function PeriodHeader({ row }: { row: { name: string; start?: string | null; end?: string | null } }) {
  return (
    <th scope="row">
      <bdi>{row.name}</bdi>
      {row.start && row.end && <PeriodTime start={row.start} end={row.end} />}
    </th>
  );
}

/** While a lesson is dragged: the clashes it would have in each period, and where it was dropped. */
export interface DropTarget {
  clashes: Map<string, Clash[]>;
  onDrop: (day: TimetableDay, period: number) => void;
}

export interface WeekGridProps<T extends Placed> {
  days: OutlineDay[];
  items: T[];
  renderItem: (item: T, continued: boolean) => ReactNode;
  /** What the grid shows, for screen readers (a hidden caption) and on paper (its heading). */
  caption: string;
  testId?: string;
  drop?: DropTarget | null;
  /** On a phone, the days one under another (the read-only weeks). */
  stackOnPhone?: boolean;
}

/**
 * The week as a table: the days as columns, the periods as rows (their names and times), the lessons
 * in their cells (a double period two rows high). While a lesson is dragged each cell shows whether
 * it could go there or would clash. Printing shows this grid alone.
 */
export function WeekGrid<T extends Placed>({ days, items, renderItem, caption, testId, drop, stackOnPhone }: WeekGridProps<T>) {
  const { t } = useTranslation(TIMETABLE_NS);
  const phone = useMediaQuery('(max-width: 48em)');
  const [over, setOver] = useState<string | null>(null);
  const ordered = orderedDays(days);
  const rows = gridRows(ordered);
  if (stackOnPhone && phone)
    return <WeekList days={ordered} items={items} renderItem={renderItem} caption={caption} testId={testId} />;
  const columns = ordered.map((d) => ({ day: d.day, cells: layoutDay(ordered, d.day, rows.length, items) }));

  const cellProps = (day: TimetableDay, period: number, none: boolean) => {
    if (!drop || none) return {};
    const key = cellKey(day, period);
    const clashes = drop.clashes.get(key) ?? [];
    return {
      'data-drop': clashes.length > 0 ? 'clash' : 'ok',
      'data-over': over === key ? 'true' : undefined,
      title:
        clashes.length > 0
          ? clashKinds(clashes)
              .map((k) => t(`clash.${k}`))
              .join(' · ')
          : undefined,
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        if (over !== key) setOver(key);
      },
      onDragLeave: () => setOver((current) => (current === key ? null : current)),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setOver(null);
        drop.onDrop(day, period);
      },
    };
  };

  return (
    <div className={classes.print} data-testid={testId}>
      <Title order={2} fz="lg" mb="sm" className={classes.printTitle}>
        {caption}
      </Title>
      <div className={classes.scroll}>
        <table
          className={classes.table}
          style={{ '--tt-days': ordered.length } as CSSProperties}
          data-dragging={drop ? 'true' : undefined}
        >
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <thead>
            <WeekHeadRow days={ordered} />
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.period}>
                <PeriodHeader row={row} />
                {columns.map(({ day, cells }) => {
                  const cell = cells.find((c) => c.period === row.period);
                  if (!cell) return null; // the second row of a double period
                  return (
                    <td
                      key={day}
                      rowSpan={cell.rowSpan}
                      className={`${classes.cell} ${cell.none ? classes.none : ''}`}
                      data-day={day}
                      data-period={row.period}
                      data-testid="week-cell"
                      {...cellProps(day, row.period, cell.none)}
                    >
                      {cell.items.length > 0 && (
                        <div className={classes.stack}>
                          {cell.items.map(({ item, continued }) => (
                            <div key={`${item._id}:${continued}`} style={{ flex: 1, minHeight: 0 }}>
                              {renderItem(item, continued)}
                            </div>
                          ))}
                        </div>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A phone's week: each day with its periods and what is in them. */
function WeekList<T extends Placed>({
  days,
  items,
  renderItem,
  caption,
  testId,
}: Pick<WeekGridProps<T>, 'days' | 'items' | 'renderItem' | 'caption' | 'testId'>) {
  const { t, i18n } = useTranslation(TIMETABLE_NS);
  return (
    <Stack gap="md" className={classes.print} data-testid={testId} aria-label={caption} role="region">
      {days.map((d) => (
        <Paper key={d.day} withBorder radius="lg" p="sm" component="section" aria-labelledby={`tt-day-${d.day}`}>
          <Title order={2} fz="md" mb={4} id={`tt-day-${d.day}`}>
            {dayName(d.day, i18n.language)}
          </Title>
          <ul className={classes.dayList}>
            {d.periods.map((p) => {
              const here = items.filter(
                (x) => x.day === d.day && p.period >= x.period && p.period < x.period + Math.max(1, x.length),
              );
              return (
                <li key={p.period} className={classes.dayItem} data-day={d.day} data-period={p.period} data-testid="week-cell">
                  <Text fz="sm" fw={600} component="div">
                    <bdi>{p.name}</bdi>
                    <PeriodTime start={p.start} end={p.end} />
                  </Text>
                  {here.length > 0 ? (
                    <div className={classes.stack}>
                      {here.map((x) => (
                        <div key={x._id}>{renderItem(x, x.period !== p.period)}</div>
                      ))}
                    </div>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      {t('grid.free')}
                    </Text>
                  )}
                </li>
              );
            })}
          </ul>
        </Paper>
      ))}
    </Stack>
  );
}
