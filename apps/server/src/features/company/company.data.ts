/**
 * The service providers a fresh install lists on /product. Every firm is fictional: names are
 * invented, web and mail addresses use the reserved `.example` domain (RFC 2606), and street
 * addresses are made up. Ids are fixed, so re-seeding never duplicates a company; append new ones
 * with the next id. `mark` and `color` draw the generated logo (apps/web/public/content/companies/).
 */
export interface CompanySeed {
  id: number;
  slug: string;
  name: string;
  mark: string;
  color: string;
  subject: string;
  registeredAddress: string;
  location: string;
}

export const COMPANIES: readonly CompanySeed[] = [
  {
    id: 1,
    slug: 'alderbank-markets',
    name: 'Alderbank Markets Ltd',
    mark: 'AM',
    color: '#1f5eff',
    subject: 'Retail forex and CFD broker; market-maker execution for currency pairs, indices and metals.',
    registeredAddress: '12 Cannon Wharf Lane, London EC4R 2XX, United Kingdom',
    location: 'London, United Kingdom',
  },
  {
    id: 2,
    slug: 'bluefjord-capital',
    name: 'Bluefjord Capital AS',
    mark: 'BF',
    color: '#0277bd',
    subject: 'Investment firm offering straight-through-processing FX and commodity CFDs to Nordic clients.',
    registeredAddress: 'Bryggegata 41, 0250 Oslo, Norway',
    location: 'Oslo, Norway',
  },
  {
    id: 3,
    slug: 'cedarpoint-securities',
    name: 'Cedarpoint Securities Pty Ltd',
    mark: 'CP',
    color: '#2e7d32',
    subject: 'Derivative issuer for margin FX and index CFDs; segregated client money with a tier-one bank.',
    registeredAddress: 'Level 18, 260 Harbour Row, Sydney NSW 2000, Australia',
    location: 'Sydney, Australia',
  },
  {
    id: 4,
    slug: 'delta-meridiana',
    name: 'Delta Meridiana SIM S.p.A.',
    mark: 'DM',
    color: '#6a1b9a',
    subject: 'Securities investment firm: order reception and execution in FX, indices and energy CFDs.',
    registeredAddress: 'Via dei Fabbri Vecchi 8, 20121 Milano, Italy',
    location: 'Milan, Italy',
  },
  {
    id: 5,
    slug: 'everstone-prime',
    name: 'Everstone Prime Brokerage Ltd',
    mark: 'EP',
    color: '#37474f',
    subject: 'Prime-of-prime liquidity provider aggregating FX and metals prices for regulated brokers.',
    registeredAddress: '3 Anemones Street, 3036 Limassol, Cyprus',
    location: 'Limassol, Cyprus',
  },
  {
    id: 6,
    slug: 'fortis-kaiser',
    name: 'Fortis Kaiser Wertpapierhandel GmbH',
    mark: 'FK',
    color: '#c62828',
    subject: 'Securities trading bank for retail CFDs on German and European indices, FX and commodities.',
    registeredAddress: 'Mainzer Landstraße 214, 60327 Frankfurt am Main, Germany',
    location: 'Frankfurt, Germany',
  },
  {
    id: 7,
    slug: 'goldcrest-fx',
    name: 'Goldcrest FX Limited',
    mark: 'GC',
    color: '#c99a06',
    subject: 'Type 1 dealer in leveraged foreign exchange for retail and professional clients.',
    registeredAddress: '27/F Harbourfront Tower, 88 Connaught Road, Central, Hong Kong',
    location: 'Hong Kong',
  },
  {
    id: 8,
    slug: 'hikari-shoken',
    name: 'Hikari Shoken Co., Ltd.',
    mark: 'HS',
    color: '#ad1457',
    subject: 'Financial instruments business operator for OTC FX margin trading and index CFDs.',
    registeredAddress: '2-7-1 Nihonbashi-Kabutocho, Chuo-ku, Tokyo 103-0026, Japan',
    location: 'Tokyo, Japan',
  },
  {
    id: 9,
    slug: 'iberia-valores',
    name: 'Iberia Valores Agencia de Valores S.A.',
    mark: 'IV',
    color: '#ef6c00',
    subject:
      'Broker for retail CFDs on currencies, indices and commodities with negative balance protection.',
    registeredAddress: 'Calle de Serrano Alto 61, 28006 Madrid, Spain',
    location: 'Madrid, Spain',
  },
  {
    id: 10,
    slug: 'kestrel-trade',
    name: 'Kestrel Trade Services Ltd',
    mark: 'KT',
    color: '#00897b',
    subject: 'Payment and custody agent for broker client funds; safeguarding in segregated accounts.',
    registeredAddress: 'Portomaso Business Tower, Level 9, St Julian’s STJ 4011, Malta',
    location: 'St Julian’s, Malta',
  },
  {
    id: 11,
    slug: 'lumen-societe',
    name: 'Lumen Société de Bourse SA',
    mark: 'LS',
    color: '#283593',
    subject: 'Investment services provider: FX and CFD dealing on own account for retail clients in the EU.',
    registeredAddress: '17 rue des Changeurs, 75002 Paris, France',
    location: 'Paris, France',
  },
  {
    id: 12,
    slug: 'northwind-clearing',
    name: 'Northwind Clearing Corp.',
    mark: 'NC',
    color: '#1565c0',
    subject: 'Futures commission merchant and retail foreign exchange dealer.',
    registeredAddress: '410 Lakeshore Plaza, Suite 2200, Chicago, IL 60601, United States',
    location: 'Chicago, United States',
  },
  {
    id: 13,
    slug: 'orchid-bay-investments',
    name: 'Orchid Bay Investments Pte. Ltd.',
    mark: 'OB',
    color: '#8e24aa',
    subject: 'Capital markets services licence holder for leveraged FX and index CFD dealing.',
    registeredAddress: '9 Marina Crescent, #21-04, Singapore 018982',
    location: 'Singapore',
  },
  {
    id: 14,
    slug: 'silverline-menkul',
    name: 'Silverline Menkul Değerler A.Ş.',
    mark: 'SM',
    color: '#455a64',
    subject: 'Intermediary institution for leveraged FX transactions and precious-metal CFDs.',
    registeredAddress: 'Büyükdere Caddesi No. 185, 34394 Şişli, İstanbul, Türkiye',
    location: 'Istanbul, Türkiye',
  },
  {
    id: 15,
    slug: 'tidewater-brokers',
    name: 'Tidewater Brokers (Pty) Ltd',
    mark: 'TW',
    color: '#00695c',
    subject: 'Authorised financial services provider: CFDs on currencies, indices and commodities.',
    registeredAddress: '5 Dock Road Quarter, V&A Waterfront, Cape Town 8001, South Africa',
    location: 'Cape Town, South Africa',
  },
];

export const companyLogoPath = (slug: string) => `/content/companies/${slug}.svg`;
export const companyUrl = (slug: string) => `https://www.${slug}.example`;
export const companyEmail = (slug: string) => `compliance@${slug}.example`;
