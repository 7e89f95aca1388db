/**
 * /admin/catalogue/channels/{id}: one sales channel for the team: its status, public page and
 * actions (rename, retire or restore, add a catalogue), then its catalogues in order, each with its
 * moves and actions and its services by title (as the public sees them) with their status, the
 * suppliers listing each and the applications naming it.
 */
import '../styles/answers.css';
import '../styles/applications.css';
import '../styles/lists.css';
import type { MouseEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { TeamCatalogueCatalogue, TeamCatalogueChannel, TeamCatalogueService } from '../../common/api/team-catalogue';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { StatusTag } from '../lib/components/status-tag';
import type { StatusChange } from './catalogue-item-changes';
import { CatalogueScreenFrame, MoveButtons, StatusChangeButton, useCatalogueChanges } from './catalogue-item-actions';
import { useCatalogueTree } from './catalogue-management-api';
import { catalogueManagementPaths, publicCataloguePaths } from './catalogue-management-paths';
import {
  catalogueItemStatus,
  countOf,
  findCatalogueItem,
  heldBecause,
  moveOptions,
  STATUS_LABELS,
  STATUS_TONES,
  type FoundItem,
} from './catalogue-tree';

type AskStatusChange = (change: StatusChange, found: FoundItem) => void;

export function ChannelScreen() {
  const { id = '' } = useParams();
  const isValidId = /^[1-9][0-9]{0,9}$/.test(id);
  const tree = useCatalogueTree();
  const changes = useCatalogueChanges();
  const found = isValidId && tree.data ? findCatalogueItem(tree.data, 'channel', Number(id)) : undefined;

  let title = 'Sales channel';
  let content;
  if (tree.isError) {
    content = <ErrorState message={`We could not load the catalogue. ${describeApiFailure(tree.error)}`} onRetry={() => void tree.refetch()} />;
  } else if (isValidId && found === undefined && (tree.isPending || tree.isFetching)) {
    // Not in the tree yet: perhaps just added, with the tree on its way.
    content = <LoadingState label="Loading the sales channel…" />;
  } else if (found === undefined) {
    content = <MissingItem noun="sales channel" />;
  } else {
    title = found.item.title;
    content = <ChannelDetails channel={found.item} onMove={changes.move} onAsk={changes.askStatusChange} />;
  }

  return (
    <CatalogueScreenFrame
      caption={found === undefined ? undefined : 'Sales channel'}
      title={title}
      headingRef={changes.headingRef}
      message={changes.message}
      problem={changes.problem}
    >
      {content}
      {changes.dialog}
    </CatalogueScreenFrame>
  );
}

/** What a screen says for an id the tree does not have. */
export function MissingItem({ noun }: { noun: string }) {
  return (
    <>
      <p>There is no such {noun}. The link may be wrong.</p>
      <p>
        <Link to={catalogueManagementPaths.channels()}>Go to the catalogue</Link>
      </p>
    </>
  );
}

function ChannelDetails({ channel, onMove, onAsk }: { channel: TeamCatalogueChannel; onMove: Parameters<typeof MoveButtons>[0]['onMove']; onAsk: AskStatusChange }) {
  const status = catalogueItemStatus(channel);
  const isLive = status === 'live';
  return (
    <>
      <dl className="answers__list facts-list">
        <div className="answers__row">
          <dt>Status</dt>
          <dd>
            <StatusTag tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusTag>
          </dd>
        </div>
        <div className="answers__row">
          <dt>Public page</dt>
          <dd>
            <PublicPage href={publicCataloguePaths.channel(channel.slug)} isLive={isLive} />
          </dd>
        </div>
      </dl>
      <ul className="catalogue-actions">
        <li>
          <Link to={catalogueManagementPaths.renameChannel(channel.id)}>
            Rename <span className="visually-hidden">the sales channel {channel.title}</span>
          </Link>
        </li>
        <li>
          <StatusChangeButton found={{ kind: 'channel', item: channel }} onAsk={onAsk} />
        </li>
      </ul>

      <h2>Catalogues</h2>
      {isLive ? (
        <p>
          <Link className="button" to={catalogueManagementPaths.addCatalogue(channel.id)}>
            Add a catalogue <span className="visually-hidden">to {channel.title}</span>
          </Link>
        </p>
      ) : (
        <p>Restore this sales channel to add catalogues to it.</p>
      )}
      {channel.catalogues.length > 1 && <CatalogueContents channel={channel} />}
      {channel.catalogues.length === 0 ? (
        <p>This sales channel has no catalogues yet.</p>
      ) : (
        channel.catalogues.map((catalogue) => (
          <CatalogueSection key={catalogue.id} channel={channel} catalogue={catalogue} onMove={onMove} onAsk={onAsk} />
        ))
      )}
      <p>
        <Link to={catalogueManagementPaths.channels()}>Back to all sales channels</Link>
      </p>
    </>
  );
}

function catalogueHeadingId(catalogue: TeamCatalogueCatalogue): string {
  return `catalogue-${String(catalogue.id)}`;
}

/** A long channel's catalogues as links to their sections: each moves focus to its heading, without a hash change the router would treat as a navigation. */
function CatalogueContents({ channel }: { channel: TeamCatalogueChannel }) {
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    const heading = document.getElementById(id);
    heading?.focus();
    heading?.scrollIntoView({ block: 'start' });
  };
  return (
    <nav aria-label={`Catalogues of ${channel.title}`}>
      <ul className="catalogue-contents">
        {channel.catalogues.map((catalogue) => (
          <li key={catalogue.id}>
            <a href={`#${catalogueHeadingId(catalogue)}`} onClick={(event) => goTo(event, catalogueHeadingId(catalogue))}>
              {catalogue.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The public address, linked while the public can open it. */
function PublicPage({ href, isLive }: { href: string; isLive: boolean }) {
  return isLive ? (
    <a href={href} className="catalogue-public-link">
      {href}
    </a>
  ) : (
    <>{href} (not shown while retired)</>
  );
}

function CatalogueSection({
  channel,
  catalogue,
  onMove,
  onAsk,
}: {
  channel: TeamCatalogueChannel;
  catalogue: TeamCatalogueCatalogue;
  onMove: Parameters<typeof MoveButtons>[0]['onMove'];
  onAsk: AskStatusChange;
}) {
  const status = catalogueItemStatus(catalogue, [channel]);
  const headingId = catalogueHeadingId(catalogue);
  const reason = status === 'held' ? heldBecause([channel], ['channel']) : undefined;
  return (
    <section className="catalogue-section" aria-labelledby={headingId}>
      <h3 className="catalogue-section__title" id={headingId} tabIndex={-1}>
        {catalogue.title}
      </h3>
      <p className="catalogue-list__facts">
        <StatusTag tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusTag>
        {reason ?? countOf(catalogue.services.length, 'service')}
      </p>
      <p>
        Public page: <PublicPage href={publicCataloguePaths.catalogue(catalogue.slug)} isLive={status === 'live'} />
      </p>
      <MoveButtons
        kind="catalogue"
        id={catalogue.id}
        title={catalogue.title}
        options={moveOptions(channel.catalogues, catalogue.id, channel.retiredAt === null)}
        onMove={onMove}
      />
      <ul className="catalogue-actions">
        <li>
          <Link to={catalogueManagementPaths.renameCatalogue(catalogue.id)}>
            Rename <span className="visually-hidden">the catalogue {catalogue.title}</span>
          </Link>
        </li>
        <li>
          <StatusChangeButton found={{ kind: 'catalogue', item: catalogue, channel }} onAsk={onAsk} />
        </li>
        {status === 'live' && (
          <li>
            <Link to={catalogueManagementPaths.addService(catalogue.id)}>
              Add a service <span className="visually-hidden">to {catalogue.title}</span>
            </Link>
          </li>
        )}
      </ul>
      {catalogue.services.length === 0 ? (
        <p>This catalogue has no services yet.</p>
      ) : (
        <DataTable caption={`Services of ${catalogue.title}`} columns={['Service', 'Status', 'Suppliers listing it', 'Applications naming it', 'Actions']}>
          {catalogue.services.map((service) => (
            <ServiceRow key={service.id} channel={channel} catalogue={catalogue} service={service} onAsk={onAsk} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

function ServiceRow({
  channel,
  catalogue,
  service,
  onAsk,
}: {
  channel: TeamCatalogueChannel;
  catalogue: TeamCatalogueCatalogue;
  service: TeamCatalogueService;
  onAsk: AskStatusChange;
}) {
  const status = catalogueItemStatus(service, [channel, catalogue]);
  return (
    <DataRow>
      <RowHeader>
        {status === 'live' ? <a href={publicCataloguePaths.service(service.slug)}>{service.title}</a> : service.title}
      </RowHeader>
      <DataCell label="Status">
        <StatusTag tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusTag>
      </DataCell>
      <DataCell label="Suppliers listing it">{service.supplierCount.toLocaleString('en-NZ')}</DataCell>
      <DataCell label="Applications naming it">{service.applicationCount.toLocaleString('en-NZ')}</DataCell>
      <DataCell label="Actions">
        <ul className="catalogue-actions catalogue-actions--row">
          <li>
            <Link to={catalogueManagementPaths.renameService(service.id)}>
              Rename <span className="visually-hidden">the service {service.title}</span>
            </Link>
          </li>
          <li>
            <StatusChangeButton found={{ kind: 'service', item: service, catalogue, channel }} onAsk={onAsk} />
          </li>
        </ul>
      </DataCell>
    </DataRow>
  );
}
