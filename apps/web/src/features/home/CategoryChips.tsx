import type { Category } from '@meridian/contract';
import { useTranslation } from '../../i18n/use-translation';

interface CategoryChipsProps {
  categories: readonly Category[];
  selected: number | null;
  onTap(id: number): void;
}

export function CategoryChips({ categories, selected, onTap }: CategoryChipsProps) {
  const { t } = useTranslation();
  return (
    <div className="category-chips" role="toolbar" aria-label={t('home.categories')}>
      {categories.map((c) => (
        <button
          key={c.Id}
          type="button"
          className={`category-chip${selected === c.Id ? ' category-chip--active' : ''}`}
          data-testid={`category-chip-${c.Id}`}
          aria-pressed={selected === c.Id}
          onClick={() => onTap(c.Id)}
        >
          {c.NameShowTrans}
        </button>
      ))}
    </div>
  );
}

/**
 * The chips' row while the categories load: real chip boxes (same font, padding and border, so the
 * same height) with no text, so the list below does not move down when they arrive.
 */
export function CategoryChipsSkeleton() {
  return (
    <div className="category-chips" aria-hidden="true" data-testid="category-chips-skeleton">
      {[72, 56, 88, 64].map((width) => (
        <span key={width} className="category-chip skeleton" style={{ inlineSize: width }}>
          {'\u00a0'}
        </span>
      ))}
    </div>
  );
}
