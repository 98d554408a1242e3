import type { Category } from '@meridian/contract';
import { useTranslation } from 'react-i18next';

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
