import { useTranslation } from '../../i18n/use-translation';

/** Spec: 10 placeholder rows while the list loads. */
export const SKELETON_ROWS = 10;

export function MarketSkeleton() {
  const { t } = useTranslation();
  return (
    <ul
      className="market-list market-list--loading"
      data-testid="market-skeleton"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders with nothing else to key on
        <li key={i} className="market-row market-row--skeleton">
          <span className="skeleton skeleton--logo" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--price" />
        </li>
      ))}
    </ul>
  );
}
