import type { ReactNode } from 'react';
import { stackBody, stackHead, stackTable, tableClass, tableWrapClass } from './ui';

/** A column heading; `srOnly` ones are read by screen readers only (an actions column). */
export type Column = string | { label: string; srOnly: true };

/**
 * A portal table that becomes stacked cards on phones: the scroll box, a screen-reader caption,
 * the column headings (falsy ones left out) and the rows given as children.
 */
export function StackedTable({
  caption,
  columns,
  thClassName,
  bodyClassName,
  children,
}: {
  caption: string;
  columns: readonly (Column | false | null)[];
  thClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={tableWrapClass} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${tableClass} ${stackTable}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={stackHead}>
          <tr>
            {columns.map((column) =>
              column ? (
                <th
                  key={typeof column === 'string' ? column : column.label}
                  scope="col"
                  className={thClassName}
                >
                  {typeof column === 'string' ? column : <span className="sr-only">{column.label}</span>}
                </th>
              ) : null,
            )}
          </tr>
        </thead>
        <tbody className={bodyClassName ? `${bodyClassName} ${stackBody}` : stackBody}>{children}</tbody>
      </table>
    </div>
  );
}
