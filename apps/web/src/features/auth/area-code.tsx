import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { type Area, useSettings } from '../../lib/stores/settings';
import './auth.css';

/** Names are the server's English country names; the calling code is searched too ("44", "+44"). */
export function filterAreas(areas: readonly Area[], query: string): Area[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return [...areas];
  return areas.filter((a) => a.code.toLowerCase().includes(q) || a.global_code.startsWith(q));
}

/** The +code button inside the phone field; opens a searchable list of the settings' area codes. */
export function AreaCodeButton() {
  const { t } = useTranslation();
  const areas = useSettings((s) => s.areaList);
  const selected = useSettings((s) => s.selectedArea);
  const setSelected = useSettings((s) => s.setSelectedArea);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterAreas(areas, query), [areas, query]);

  return (
    <>
      <button
        type="button"
        className="field__area"
        data-testid="area-code"
        aria-label={t('register.area_code')}
        onClick={() => setOpen(true)}
      >
        {selected ? `+${selected.global_code}` : '+'}
        <DownFill fontSize={10} aria-hidden="true" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="area-popup" data-testid="area-popup">
          <div className="area-popup__search">
            <SearchBar
              placeholder={t('common.search')}
              value={query}
              onChange={setQuery}
              aria-label={t('register.area_code')}
            />
          </div>
          <List className="area-popup__list">
            {shown.map((area) => (
              <List.Item
                key={area.id}
                data-testid={`area-${area.id}`}
                arrowIcon={false}
                extra={<span className="area-popup__code">{`+${area.global_code}`}</span>}
                onClick={() => {
                  setSelected({ id: area.id, global_code: area.global_code });
                  setOpen(false);
                  setQuery('');
                }}
              >
                {area.code}
              </List.Item>
            ))}
          </List>
        </div>
      </Popup>
    </>
  );
}
