import { useId } from 'react';
import type { DirectoryTree } from '../../common/api/directory';
import { findCatalogue, findChannel, type DirectoryFilters } from './directory-filters';

function toId(value: string): number | null {
  return value === '' ? null : Number(value);
}

/**
 * The three dependent dropdowns (spec §4): the catalogue waits for a channel and the service for a
 * catalogue, and their empty option says so while they wait.
 */
export function FilterSelects({
  tree,
  filters,
  onChannelChange,
  onCatalogueChange,
  onServiceChange,
}: {
  tree: DirectoryTree;
  filters: DirectoryFilters;
  onChannelChange: (channel: number | null) => void;
  onCatalogueChange: (catalogue: number | null) => void;
  onServiceChange: (service: number | null) => void;
}) {
  const id = useId();
  const channel = findChannel(tree, filters.channel);
  const catalogue = findCatalogue(channel, filters.catalogue);

  return (
    <fieldset className="directory-filters">
      <legend className="directory-filters__legend">Categories</legend>
      <div className="directory-filters__fields">
        <FilterSelect
          id={`${id}-channel`}
          label="Sales channel"
          value={channel?.id ?? ''}
          emptyOption="All sales channels"
          options={tree}
          onChange={onChannelChange}
        />
        <FilterSelect
          id={`${id}-catalogue`}
          label="Catalogue"
          value={catalogue?.id ?? ''}
          isDisabled={!channel}
          emptyOption={channel ? 'All catalogues' : 'Choose a sales channel first'}
          options={channel?.catalogues ?? []}
          onChange={onCatalogueChange}
        />
        <FilterSelect
          id={`${id}-service`}
          label="Service"
          value={catalogue ? (filters.service ?? '') : ''}
          isDisabled={!catalogue}
          emptyOption={catalogue ? 'All services' : 'Choose a catalogue first'}
          options={catalogue?.services ?? []}
          onChange={onServiceChange}
        />
      </div>
    </fieldset>
  );
}

/** One labelled dropdown whose empty option means "any". */
function FilterSelect({
  id,
  label,
  value,
  isDisabled = false,
  emptyOption,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: number | '';
  isDisabled?: boolean;
  emptyOption: string;
  options: readonly { id: number; title: string }[];
  onChange: (value: number | null) => void;
}) {
  return (
    <div className="form-field directory-filters__field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-field__input"
        value={value}
        disabled={isDisabled}
        onChange={(event) => {
          onChange(toId(event.target.value));
        }}
      >
        <option value="">{emptyOption}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </select>
    </div>
  );
}
