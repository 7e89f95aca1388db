/** A change of a supplier's legal name or business numbers, field by field: the approved value and the one asked for. */
import { reviewedFieldsText, type SupplierChangeField } from '../../common/api/supplier-detail-changes';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';

function shown(value: string | null): string {
  return value ?? 'None';
}

export function SupplierChangeFields({ fields, caption }: { fields: readonly SupplierChangeField[]; caption: string }) {
  return (
    <DataTable caption={caption} columns={['Detail', 'Now', 'Asked for']}>
      {fields.map((field) => (
        <DataRow key={field.field}>
          <RowHeader>{field.label}</RowHeader>
          <DataCell label="Now">{shown(field.before)}</DataCell>
          <DataCell label="Asked for">
            <strong>{shown(field.after)}</strong>
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}

/** "Legal name and NZBN": the fields a change asks for, in a sentence. */
export function changedFieldsText(fields: readonly SupplierChangeField[]): string {
  const text = reviewedFieldsText(fields);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
