import '../../styles/data-table.css';
import type { ReactNode } from 'react';

/**
 * A list as a table (users, invitations, applications, services): scrolls sideways on narrow
 * screens, with a caption for screen readers and a header cell per column. `children` are the rows.
 */
export function DataTable({ caption, columns, children }: { caption: ReactNode; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
