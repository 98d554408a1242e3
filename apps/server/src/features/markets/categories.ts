/**
 * Instrument categories. Each has a stable id (the API's CategoryId), a translation key and its
 * name in all 14 languages, so the API can answer `NameShowTrans` in the request's language and the
 * lead can copy the names into locale files under the same key if preferred.
 *
 * Public API: `CATEGORIES`, `CategoryKey`, `Category`, `categoryById(id)`, `categoryName(category, lang)`
 */
import type { Lang } from '@meridian/contract';

export type CategoryKey = 'forex_major' | 'forex_minor' | 'metals' | 'energy' | 'indices' | 'crypto';

export interface Category {
  id: number;
  key: CategoryKey;
  /** Translation key, e.g. `markets.category.forex_major`. */
  nameKey: string;
  names: Readonly<Record<Lang, string>>;
}

const category = (id: number, key: CategoryKey, names: Record<Lang, string>): Category => ({
  id,
  key,
  nameKey: `markets.category.${key}`,
  names,
});

export const CATEGORIES: readonly Category[] = [
  category(1, 'forex_major', {
    hk: '主要貨幣對',
    en: 'Major forex',
    jp: '主要通貨ペア',
    kr: '주요 통화쌍',
    th: 'คู่สกุลเงินหลัก',
    vn: 'Cặp tiền tệ chính',
    fr: 'Paires de devises majeures',
    de: 'Hauptwährungspaare',
    ru: 'Основные валютные пары',
    spa: 'Pares de divisas principales',
    pt: 'Pares de moedas principais',
    ar: 'أزواج العملات الرئيسية',
    it: 'Coppie di valute principali',
    tr: 'Majör döviz çiftleri',
  }),
  category(2, 'forex_minor', {
    hk: '次要及交叉貨幣對',
    en: 'Minor & cross forex',
    jp: 'マイナー・クロス通貨ペア',
    kr: '마이너 및 교차 통화쌍',
    th: 'คู่สกุลเงินรองและคู่เงินไขว้',
    vn: 'Cặp tiền tệ phụ và chéo',
    fr: 'Paires mineures et croisées',
    de: 'Neben- und Kreuzwährungspaare',
    ru: 'Второстепенные и кросс-пары',
    spa: 'Pares menores y cruzados',
    pt: 'Pares secundários e cruzados',
    ar: 'أزواج العملات الثانوية والتقاطعية',
    it: 'Coppie minori e incrociate',
    tr: 'Minör ve çapraz döviz çiftleri',
  }),
  category(3, 'metals', {
    hk: '貴金屬',
    en: 'Metals',
    jp: '貴金属',
    kr: '귀금속',
    th: 'โลหะมีค่า',
    vn: 'Kim loại quý',
    fr: 'Métaux',
    de: 'Edelmetalle',
    ru: 'Металлы',
    spa: 'Metales',
    pt: 'Metais',
    ar: 'المعادن',
    it: 'Metalli',
    tr: 'Metaller',
  }),
  category(4, 'energy', {
    hk: '能源',
    en: 'Energy',
    jp: 'エネルギー',
    kr: '에너지',
    th: 'พลังงาน',
    vn: 'Năng lượng',
    fr: 'Énergie',
    de: 'Energie',
    ru: 'Энергоносители',
    spa: 'Energía',
    pt: 'Energia',
    ar: 'الطاقة',
    it: 'Energia',
    tr: 'Enerji',
  }),
  category(5, 'indices', {
    hk: '股票指數',
    en: 'Indices',
    jp: '株価指数',
    kr: '주가지수',
    th: 'ดัชนีหุ้น',
    vn: 'Chỉ số chứng khoán',
    fr: 'Indices boursiers',
    de: 'Aktienindizes',
    ru: 'Фондовые индексы',
    spa: 'Índices bursátiles',
    pt: 'Índices de ações',
    ar: 'المؤشرات',
    it: 'Indici azionari',
    tr: 'Endeksler',
  }),
  category(6, 'crypto', {
    hk: '加密貨幣',
    en: 'Crypto',
    jp: '暗号資産',
    kr: '암호화폐',
    th: 'คริปโทเคอร์เรนซี',
    vn: 'Tiền mã hóa',
    fr: 'Cryptomonnaies',
    de: 'Kryptowährungen',
    ru: 'Криптовалюты',
    spa: 'Criptomonedas',
    pt: 'Criptomoedas',
    ar: 'العملات المشفرة',
    it: 'Criptovalute',
    tr: 'Kripto paralar',
  }),
];

export function categoryById(id: number): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}

export function categoryName(category: Category, lang: Lang): string {
  return category.names[lang];
}
