/**
 * The channel → catalogue → service form of spec §2 on the catalogue pages. It submits (GET) to the
 * approved-suppliers directory, which reads `channel`, `catalogue` and `service` from the URL.
 *
 * Without script every catalogue and service is an option, grouped under its channel or catalogue
 * (`data-parent` names the parent's id). The cascade-form widget (app/widgets/cascade-form.ts) keeps
 * only the chosen parent's options, then loads them from `catalogues?channel={id}` and
 * `services?catalogue={id}` relative to the page (`data-cascade-source`) after each change.
 */
import type { DirectoryTree } from '../../../common/api/directory';
import { DIRECTORY_PATH } from '../../../common/site-paths';

export interface CascadeSelection {
  channel?: number;
  catalogue?: number;
  service?: number;
}

export interface CascadeFormProps {
  tree: DirectoryTree;
  selected?: CascadeSelection;
  /** Prefix of the form's element ids, unique on the page. */
  idPrefix?: string;
}

function optionValue(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

export function CascadeForm({ tree, selected = {}, idPrefix = 'find-suppliers' }: CascadeFormProps) {
  const ids = {
    title: `${idPrefix}-title`,
    channel: `${idPrefix}-channel`,
    catalogue: `${idPrefix}-catalogue`,
    service: `${idPrefix}-service`,
  };
  return (
    <section className="cascade-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Find approved suppliers</h2>
      <p>Choose a sales channel, then narrow it to a catalogue and a service. Leave a list on “All” to include everything in it.</p>
      <form className="cascade-form" method="get" action={DIRECTORY_PATH} data-cascade-form="">
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.channel}>
            Sales channel
          </label>
          <select className="form-field__input" id={ids.channel} name="channel" defaultValue={optionValue(selected.channel)}>
            <option value="">All sales channels</option>
            {tree.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.title}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.catalogue}>
            Catalogue
          </label>
          <select
            className="form-field__input"
            id={ids.catalogue}
            name="catalogue"
            defaultValue={optionValue(selected.catalogue)}
            aria-describedby={`${ids.catalogue}-message`}
            data-cascade-parent={ids.channel}
            data-cascade-source="catalogues?channel="
            data-cascade-noun="catalogues"
          >
            <option value="">All catalogues</option>
            {tree.map((channel) => (
              <optgroup key={channel.id} label={channel.title} data-parent={channel.id}>
                {channel.catalogues.map((catalogue) => (
                  <option key={catalogue.id} value={catalogue.id} data-parent={channel.id}>
                    {catalogue.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p className="cascade-form__message" id={`${ids.catalogue}-message`} aria-live="polite" />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.service}>
            Service
          </label>
          <select
            className="form-field__input"
            id={ids.service}
            name="service"
            defaultValue={optionValue(selected.service)}
            aria-describedby={`${ids.service}-message`}
            data-cascade-parent={ids.catalogue}
            data-cascade-source="services?catalogue="
            data-cascade-noun="services"
          >
            <option value="">All services</option>
            {tree.flatMap((channel) =>
              channel.catalogues.map((catalogue) => (
                <optgroup key={catalogue.id} label={`${catalogue.title} (${channel.title})`} data-parent={catalogue.id}>
                  {catalogue.services.map((service) => (
                    <option key={service.id} value={service.id} data-parent={catalogue.id}>
                      {service.title}
                    </option>
                  ))}
                </optgroup>
              )),
            )}
          </select>
          <p className="cascade-form__message" id={`${ids.service}-message`} aria-live="polite" />
        </div>
        <button type="submit" className="button">
          Find suppliers
        </button>
      </form>
    </section>
  );
}
