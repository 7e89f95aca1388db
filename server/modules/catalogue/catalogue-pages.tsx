/**
 * The public catalogue pages: the sales channels, one page per channel (its catalogues), per
 * catalogue (its services) and per service (the approved suppliers that list it). Each has
 * breadcrumbs, the catalogue side navigation and the find-suppliers cascade form.
 */
import type { DirectoryTree } from '../../../common/api/directory';
import { DIRECTORY_PATH, SALES_CHANNELS_PATH, cataloguePath, channelPath, listingPath, servicePath, supplierProfilePath } from '../../../common/site-paths';
import type {
  CataloguePageData,
  ChannelPageData,
  ChannelSummary,
  NavigationChannel,
  ServicePageData,
} from './queries';
import type { Crumb } from '../../pages/breadcrumbs';
import { ContentLayout, type SideNavItem, type SideNavProps } from '../../pages/side-nav';
import { CascadeForm, type CascadeSelection } from './cascade-form';

/** Where the reader is in the catalogue: each level is a slug. */
interface CataloguePosition {
  channel?: string;
  catalogue?: string;
  service?: string;
}

/** The side navigation: every channel, with the current channel's catalogues and the current catalogue's services. */
function catalogueSideNav(navigation: readonly NavigationChannel[], position: CataloguePosition): SideNavProps {
  const isIndex = position.channel === undefined;
  const items: SideNavItem[] = [
    { href: SALES_CHANNELS_PATH, label: 'All sales channels', isCurrent: isIndex },
    ...navigation.map((channel): SideNavItem => {
      const isOpen = channel.slug === position.channel;
      return {
        href: channelPath(channel.slug),
        label: channel.title,
        isCurrent: isOpen && position.catalogue === undefined,
        isAncestor: isOpen && position.catalogue !== undefined,
        children: isOpen
          ? channel.catalogues.map((catalogue): SideNavItem => {
              const isCatalogueOpen = catalogue.slug === position.catalogue;
              return {
                href: cataloguePath(catalogue.slug),
                label: catalogue.title,
                isCurrent: isCatalogueOpen && position.service === undefined,
                isAncestor: isCatalogueOpen && position.service !== undefined,
                children: isCatalogueOpen
                  ? catalogue.services.map((service) => ({
                      href: servicePath(service.slug),
                      label: service.title,
                      isCurrent: service.slug === position.service,
                    }))
                  : [],
              };
            })
          : [],
      };
    }),
  ];
  return { label: 'Sales channels', items };
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const home: Crumb = { label: 'Home', href: '/' };
const salesChannels: Crumb = { label: 'Sales channels', href: SALES_CHANNELS_PATH };

interface CommonProps {
  navigation: readonly NavigationChannel[];
  tree: DirectoryTree;
}

export function SalesChannelsPage({ channels, navigation, tree }: CommonProps & { channels: readonly ChannelSummary[] }) {
  return (
    <ContentLayout breadcrumbs={[home, { label: 'Sales channels' }]} sideNav={catalogueSideNav(navigation, {})}>
      <h1>Sales channels</h1>
      <p className="lead">
        Approved suppliers list their services in catalogues, and catalogues are grouped into sales channels. Choose a
        channel to see its catalogues, then a service to see the suppliers approved to provide it.
      </p>
      <h2>Browse by sales channel</h2>
      <ul className="card-list" data-equal-height="">
        {channels.map((channel) => (
          <li key={channel.id} className="card">
            <h3>
              <a href={channelPath(channel.slug)}>{channel.title}</a>
            </h3>
            <p>{channel.description}</p>
            <p className="card__meta">{plural(channel.catalogueCount, 'catalogue', 'catalogues')}</p>
          </li>
        ))}
      </ul>
      <CascadeForm tree={tree} />
    </ContentLayout>
  );
}

export function ChannelPage({ data, navigation, tree }: CommonProps & { data: ChannelPageData }) {
  const { channel } = data;
  return (
    <ContentLayout
      breadcrumbs={[home, salesChannels, { label: channel.title }]}
      sideNav={catalogueSideNav(navigation, { channel: channel.slug })}
    >
      <p className="page-kicker">Sales channel</p>
      <h1>{channel.title}</h1>
      <p className="lead">{channel.description}</p>
      <h2>Catalogues in this channel</h2>
      {data.catalogues.length === 0 ? (
        <p>This channel has no catalogues at the moment.</p>
      ) : (
        <ul className="card-list" data-equal-height="">
          {data.catalogues.map((catalogue) => (
            <li key={catalogue.id} className="card">
              <h3>
                <a href={cataloguePath(catalogue.slug)}>{catalogue.title}</a>
              </h3>
              <p>{catalogue.description}</p>
              <p className="card__meta">{plural(catalogue.serviceCount, 'service', 'services')}</p>
            </li>
          ))}
        </ul>
      )}
      <CascadeForm tree={tree} selected={{ channel: channel.id }} />
    </ContentLayout>
  );
}

export function CataloguePage({ data, navigation, tree }: CommonProps & { data: CataloguePageData }) {
  const { channel, catalogue } = data;
  return (
    <ContentLayout
      breadcrumbs={[home, salesChannels, { label: channel.title, href: channelPath(channel.slug) }, { label: catalogue.title }]}
      sideNav={catalogueSideNav(navigation, { channel: channel.slug, catalogue: catalogue.slug })}
    >
      <p className="page-kicker">Catalogue in {channel.title}</p>
      <h1>{catalogue.title}</h1>
      <p className="lead">{catalogue.description}</p>
      <h2>Services in this catalogue</h2>
      {data.services.length === 0 ? (
        <p>This catalogue has no services at the moment.</p>
      ) : (
        <ul className="item-list">
          {data.services.map((service) => (
            <li key={service.id} className="item-list__item">
              <h3 className="item-list__title">
                <a href={servicePath(service.slug)}>{service.title}</a>
              </h3>
              <p>{service.description}</p>
              <p className="item-list__meta">{plural(service.supplierCount, 'approved supplier', 'approved suppliers')}</p>
            </li>
          ))}
        </ul>
      )}
      <CascadeForm tree={tree} selected={{ channel: channel.id, catalogue: catalogue.id }} />
    </ContentLayout>
  );
}

/** The two orders of a service's suppliers, as links: no script, and the current one marked. */
function SupplierSortLinks({ slug, sort }: { slug: string; sort: ServicePageData['sort'] }) {
  const options = [
    { value: 'name', label: 'Name', href: servicePath(slug) },
    { value: 'price', label: 'Lowest price', href: `${servicePath(slug)}?sort=price` },
  ] as const;
  return (
    <nav className="sort-links" aria-label="Sort suppliers">
      <span>Sort by: </span>
      <ul className="sort-links__list">
        {options.map((option) => (
          <li key={option.value}>
            {option.value === sort ? (
              <a href={option.href} aria-current="page">
                <strong>{option.label}</strong>
              </a>
            ) : (
              <a href={option.href}>{option.label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ServicePage({ data, navigation, tree }: CommonProps & { data: ServicePageData }) {
  const { channel, catalogue, service } = data;
  const selection: CascadeSelection = { channel: channel.id, catalogue: catalogue.id, service: service.id };
  const directoryQuery = new URLSearchParams({
    channel: String(channel.id),
    catalogue: String(catalogue.id),
    service: String(service.id),
  });
  return (
    <ContentLayout
      breadcrumbs={[
        home,
        salesChannels,
        { label: channel.title, href: channelPath(channel.slug) },
        { label: catalogue.title, href: cataloguePath(catalogue.slug) },
        { label: service.title },
      ]}
      sideNav={catalogueSideNav(navigation, { channel: channel.slug, catalogue: catalogue.slug, service: service.slug })}
    >
      <p className="page-kicker">Service in {catalogue.title}</p>
      <h1>{service.title}</h1>
      <p className="lead">{service.description}</p>
      <h2>Approved suppliers of this service</h2>
      {data.suppliers.length === 0 ? (
        <p>No approved supplier lists this service at the moment. Try another service in the {catalogue.title} catalogue.</p>
      ) : (
        <>
          <p>{plural(data.suppliers.length, 'approved supplier lists', 'approved suppliers list')} this service.</p>
          {data.suppliers.some((supplier) => typeof supplier.listing?.priceFromCents === 'number') && <SupplierSortLinks slug={service.slug} sort={data.sort} />}
          <ul className="item-list">
            {data.suppliers.map((supplier) => (
              <li key={supplier.id} className="item-list__item">
                <h3 className="item-list__title">
                  <a href={supplierProfilePath(supplier.id)}>{supplier.tradingName}</a>
                </h3>
                {supplier.summary !== '' && <p>{supplier.summary}</p>}
                {supplier.city !== '' && (
                  <p className="item-list__meta">{[supplier.city, supplier.country].filter((part) => part !== '').join(', ')}</p>
                )}
                {supplier.listing && (
                  <p>
                    {supplier.listing.price && <>{supplier.listing.price}. </>}
                    <a href={listingPath(supplier.id, service.slug)}>
                      Read the listing<span className="visually-hidden"> of {supplier.tradingName}</span>
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={`${DIRECTORY_PATH}?${directoryQuery.toString()}`}>Search and download these suppliers in the directory</a>
      </p>
      <CascadeForm tree={tree} selected={selection} />
    </ContentLayout>
  );
}
