import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { monthWeeks, todayIso, weekdayNames } from '../dates';
import { ATT_NS } from '../i18n';
import classes from './MonthGrid.module.css';

interface MonthGridProps {
  /** 'YYYY-MM' */
  month: string;
  /** What a day's cell shows under its number. */
  renderDay: (iso: string, inMonth: boolean) => ReactNode;
  /** Extra attributes of a day's cell (a status, an accessible label). */
  dayProps?: (iso: string) => Record<string, string | undefined>;
  cellHeight?: number;
  /** The table's caption for screen readers (the month). */
  label: string;
}

/** A month as a seven-column table, Monday first, with today marked; follows the page's direction. */
export function MonthGrid({ month, renderDay, dayProps, cellHeight = 72, label }: MonthGridProps) {
  const { i18n } = useTranslation(ATT_NS);
  const today = todayIso();
  const names = weekdayNames(i18n.language, 'short');
  const longNames = weekdayNames(i18n.language, 'long');
  return (
    <div className={classes.frame}>
      <table className={classes.grid} style={{ '--cell-height': `${cellHeight}px` } as CSSProperties}>
        <caption className={classes.caption}>{label}</caption>
        <thead>
          <tr>
            {names.map((name, i) => (
              <th key={name} scope="col" className={classes.head}>
                <abbr title={longNames[i]}>{name}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => {
                const inMonth = iso.startsWith(month);
                return (
                  <td
                    key={iso}
                    className={classes.cell}
                    data-outside={inMonth ? undefined : true}
                    data-today={iso === today ? true : undefined}
                    data-date={iso}
                    {...dayProps?.(iso)}
                  >
                    <div className={classes.inner}>
                      <span className={classes.number}>{Number(iso.slice(8, 10))}</span>
                      {renderDay(iso, inMonth)}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
