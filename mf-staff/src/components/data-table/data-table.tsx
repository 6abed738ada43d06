import type { ReactNode } from 'react';
import { pageStyles } from '../page';

/** One column of a `DataTable`: its header text, its cell for a row and an optional cell class. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers and shows above it. */
  caption: string;
  /** Shown instead of an empty table. */
  empty: ReactNode;
}

/** The back office's table: caption, column headers, one row per item, scrolling sideways when narrow. */
export function DataTable<Row>({ rows, columns, rowKey, caption, empty }: DataTableProps<Row>) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div className={pageStyles.tableWrap}>
      <table className={pageStyles.table}>
        <caption className={pageStyles.muted}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
