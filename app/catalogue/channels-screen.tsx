/**
 * /admin/catalogue: the sales channels in the order the public pages show them, each with its
 * status, what it holds and its moves, and a link to its own page (its catalogues and services),
 * so a large catalogue is read one channel at a time.
 */
import '../styles/applications.css';
import { Link } from 'react-router';
import type { TeamCatalogueChannel } from '../../common/api/team-catalogue';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { StatusTag } from '../lib/components/status-tag';
import { CatalogueScreenFrame, MoveButtons, useCatalogueChanges } from './catalogue-item-actions';
import { useCatalogueTree } from './catalogue-management-api';
import { catalogueManagementPaths } from './catalogue-management-paths';
import { catalogueItemStatus, countOf, moveOptions, serviceCount, STATUS_LABELS, STATUS_TONES } from './catalogue-tree';

export function ChannelsScreen() {
  const tree = useCatalogueTree();
  const changes = useCatalogueChanges();

  let content;
  if (tree.isError) {
    content = <ErrorState message={`We could not load the catalogue. ${describeApiFailure(tree.error)}`} onRetry={() => void tree.refetch()} />;
  } else if (tree.isPending) {
    content = <LoadingState label="Loading the catalogue…" />;
  } else {
    const { channels } = tree.data;
    content = (
      <>
        {channels.length === 0 ? (
          <p>There are no sales channels yet.</p>
        ) : (
          <ol className="catalogue-list" aria-label="Sales channels">
            {channels.map((channel) => (
              <ChannelRow key={channel.id} channel={channel} siblings={channels} onMove={changes.move} />
            ))}
          </ol>
        )}
      </>
    );
  }

  return (
    <CatalogueScreenFrame title="Catalogue" headingRef={changes.headingRef} message={changes.message} problem={changes.problem}>
      <p>
        The sales channels in the order the public pages and the directory show them. Open a sales channel to manage its catalogues and
        services. Retired items stay here, so you can restore them.
      </p>
      <p>
        <Link className="button" to={catalogueManagementPaths.addChannel()}>
          Add a sales channel
        </Link>
      </p>
      {content}
    </CatalogueScreenFrame>
  );
}

function ChannelRow({
  channel,
  siblings,
  onMove,
}: {
  channel: TeamCatalogueChannel;
  siblings: readonly TeamCatalogueChannel[];
  onMove: Parameters<typeof MoveButtons>[0]['onMove'];
}) {
  const status = catalogueItemStatus(channel);
  return (
    <li className="catalogue-list__item">
      <h2 className="catalogue-list__title">
        <Link to={catalogueManagementPaths.channel(channel.id)}>{channel.title}</Link>
      </h2>
      <p className="catalogue-list__facts">
        <StatusTag tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusTag>
        {countOf(channel.catalogues.length, 'catalogue')}, {countOf(serviceCount(channel), 'service').toLowerCase()}
      </p>
      <MoveButtons kind="channel" id={channel.id} title={channel.title} options={moveOptions(siblings, channel.id)} onMove={onMove} />
    </li>
  );
}
