import { DEFAULT_LANG, type Lang } from '@meridian/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** One entry of /api/default/area_list, shown as name plus +code. */
export interface Area {
  id: number;
  code: string;
  global_code: string;
  name?: string;
}

export interface SelectedArea {
  id: number;
  global_code: string;
}

export interface BasicInfo {
  service_link: string;
  service_link_type: number | string;
  /** Which registration channel (email or mobile); 2 also switches the register form to captcha images. */
  verify_reg_type: number | string;
  trade_fee_type: number | string;
}

interface SettingsState extends BasicInfo {
  lang: Lang;
  theme: 'light';
  selectedArea: SelectedArea | null;
  areaList: Area[];
  /** The main site: turns on the service-provider search (/product). */
  isMain: boolean;
  setLang(lang: Lang): void;
  setBasicInfo(info: Partial<BasicInfo>): void;
  setAreaList(list: Area[]): void;
  setSelectedArea(area: SelectedArea | null): void;
  setIsMain(isMain: boolean): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      lang: DEFAULT_LANG,
      theme: 'light',
      selectedArea: null,
      areaList: [],
      service_link: '',
      service_link_type: 0,
      verify_reg_type: 0,
      trade_fee_type: 0,
      isMain: false,
      setLang: (lang) => set({ lang }),
      setBasicInfo: (info) => set(info),
      setAreaList: (areaList) =>
        set((s) => ({
          areaList,
          selectedArea:
            s.selectedArea ??
            (areaList[0] ? { id: areaList[0].id, global_code: areaList[0].global_code } : null),
        })),
      setSelectedArea: (selectedArea) => set({ selectedArea }),
      setIsMain: (isMain) => set({ isMain }),
    }),
    {
      name: 'meridian.settings',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        lang: s.lang,
        theme: s.theme,
        selectedArea: s.selectedArea,
        areaList: s.areaList,
        service_link: s.service_link,
        service_link_type: s.service_link_type,
        verify_reg_type: s.verify_reg_type,
        trade_fee_type: s.trade_fee_type,
        isMain: s.isMain,
      }),
    },
  ),
);
