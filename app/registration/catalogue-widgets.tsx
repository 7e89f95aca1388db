/**
 * The services a business wants to offer, chosen in cascade (spec §3 "Channel / catalogue /
 * service"): a sales channel, then one of its catalogues, then services of that catalogue. rjsf
 * widgets for the registration form's `channel`, `catalogue` and `serviceCheckboxes` questions;
 * the tree and the step's current answers come from the form context. Choosing a channel clears
 * the catalogue and services, choosing a catalogue clears the services (the step screen does it).
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { DirectoryTree } from '../../common/api/directory';
import type { FormData } from '../../common/forms/definition';

export interface CatalogueFormContext {
  channels: DirectoryTree;
  /** The step's answers as they are now. */
  answers: FormData;
}

function contextOf(props: WidgetProps): CatalogueFormContext {
  const context = props.registry.formContext as Partial<CatalogueFormContext> | undefined;
  return { channels: context?.channels ?? [], answers: context?.answers ?? {} };
}

function IdSelect({ props, options, placeholder }: { props: WidgetProps; options: { id: number; title: string }[]; placeholder: string }) {
  const { id, disabled, readonly, onChange, onBlur, onFocus } = props;
  const value: unknown = props.value;
  return (
    <select
      id={id}
      className="form-control"
      value={typeof value === 'number' ? String(value) : ''}
      disabled={disabled || readonly || options.length === 0}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : Number(event.currentTarget.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.title}
        </option>
      ))}
    </select>
  );
}

export function ChannelWidget(props: WidgetProps) {
  const { channels } = contextOf(props);
  return <IdSelect props={props} options={channels} placeholder="Select a sales channel" />;
}

export function CatalogueWidget(props: WidgetProps) {
  const { channels, answers } = contextOf(props);
  const channel = channels.find((candidate) => candidate.id === answers.channel);
  return <IdSelect props={props} options={channel?.catalogues ?? []} placeholder={channel ? 'Select a catalogue' : 'Select a sales channel first'} />;
}

export function ServiceCheckboxesWidget({ id, value, disabled, readonly, onChange, registry }: WidgetProps) {
  const { channels, answers } = contextOf({ registry } as WidgetProps);
  const catalogue = channels.flatMap((channel) => channel.catalogues).find((candidate) => candidate.id === answers.initial_catalogue);
  // rjsf fills a list with `minItems` empty items at first: only chosen ids count.
  const chosen = new Set((Array.isArray(value) ? (value as unknown[]) : []).filter((item): item is number => typeof item === 'number'));
  if (!catalogue) {
    return <p className="form-field__hint">Select a catalogue first to see its services.</p>;
  }
  return (
    <div className="checkboxes">
      {catalogue.services.map((service, index) => {
        const inputId = index === 0 ? `${id}-first` : `${id}-${String(service.id)}`;
        return (
          <div className="checkbox choice" key={service.id}>
            <input
              id={inputId}
              type="checkbox"
              className="choice__input"
              checked={chosen.has(service.id)}
              disabled={disabled || readonly}
              onChange={(event) => {
                const next = event.currentTarget.checked
                  ? [...chosen, service.id]
                  : [...chosen].filter((item) => item !== service.id);
                onChange(next.length === 0 ? undefined : next);
              }}
            />
            <label htmlFor={inputId} className="choice__label">
              {service.title}
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** The answers with a catalogue and services that no longer fit the chosen channel or catalogue removed. */
export function withCascadeCleared(previous: FormData, next: FormData): FormData {
  if (next.channel !== previous.channel) {
    const { initial_catalogue: _catalogue, services: _services, ...rest } = next;
    return rest;
  }
  if (next.initial_catalogue !== previous.initial_catalogue) {
    const { services: _services, ...rest } = next;
    return rest;
  }
  return next;
}

/** The registration form's own widgets, by the `ui:widget` names its definition uses. */
export const registrationWidgets = { channel: ChannelWidget, catalogue: CatalogueWidget, serviceCheckboxes: ServiceCheckboxesWidget };

export { withCatalogueTitles } from './catalogue-titles';
