import '../../styles/data-table.css';
import type { ReactNode } from 'react';

/**
 * A list as a table (users, invitations, applications, services), with a caption for screen
 * readers and a header cell per column. `children` are rows of `RowHeader` and `DataCell`.
 *
 * On a phone the rows stack: each row becomes a block and each cell shows its column's name
 * (`label`) before its value, so nothing is cut off at the screen's edge (WCAG 1.4.10). Changing a
 * table's display drops its semantics in some browsers, so the roles are written out.
 */
export function DataTable({ caption, columns, children }: { caption: ReactNode; columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="data-table" role="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th scope="col" role="columnheader" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">{children}</tbody>
    </table>
  );
}

export function DataRow({ children }: { children: ReactNode }) {
  return <tr role="row">{children}</tr>;
}

/** The cell that names the row (a person, an application); on a phone, the stacked row's heading. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" role="rowheader">
      {children}
    </th>
  );
}

/** A value of the row; `label` is its column's name, shown before it when rows stack. */
export function DataCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td role="cell" data-label={label}>
      {children}
    </td>
  );
}
