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
        <div className="form-field directory-filters__field">
          <label className="form-field__label" htmlFor={`${id}-channel`}>
            Sales channel
          </label>
          <select
            id={`${id}-channel`}
            className="form-field__input"
            value={channel?.id ?? ''}
            onChange={(event) => {
              onChannelChange(toId(event.target.value));
            }}
          >
            <option value="">All sales channels</option>
            {tree.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
        </div>

        <div className="form-field directory-filters__field">
          <label className="form-field__label" htmlFor={`${id}-catalogue`}>
            Catalogue
          </label>
          <select
            id={`${id}-catalogue`}
            className="form-field__input"
            value={catalogue?.id ?? ''}
            disabled={!channel}
            onChange={(event) => {
              onCatalogueChange(toId(event.target.value));
            }}
          >
            <option value="">{channel ? 'All catalogues' : 'Choose a sales channel first'}</option>
            {channel?.catalogues.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
        </div>

        <div className="form-field directory-filters__field">
          <label className="form-field__label" htmlFor={`${id}-service`}>
            Service
          </label>
          <select
            id={`${id}-service`}
            className="form-field__input"
            value={catalogue ? (filters.service ?? '') : ''}
            disabled={!catalogue}
            onChange={(event) => {
              onServiceChange(toId(event.target.value));
            }}
          >
            <option value="">{catalogue ? 'All services' : 'Choose a catalogue first'}</option>
            {catalogue?.services.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
