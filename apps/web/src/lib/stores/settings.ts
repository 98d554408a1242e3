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

/** The trader's theme: `system` follows the phone's dark mode; the spec's store default is light. */
export type ThemeChoice = 'system' | 'light' | 'dark';

interface SettingsState extends BasicInfo {
  lang: Lang;
  /** True once the trader (or a `lang` link) picked the language; until then it follows the phone. */
  langChosen: boolean;
  theme: ThemeChoice;
  selectedArea: SelectedArea | null;
  areaList: Area[];
  /** The main site: turns on the service-provider search (/product). */
  isMain: boolean;
  /** The trader's (or a link's) choice, kept over the phone's language from then on. */
  setLang(lang: Lang): void;
  /** The phone's language, applied while the trader has not chosen one. */
  setDetectedLang(lang: Lang): void;
  setTheme(theme: ThemeChoice): void;
  setBasicInfo(info: Partial<BasicInfo>): void;
  setAreaList(list: Area[]): void;
  setSelectedArea(area: SelectedArea | null): void;
  setIsMain(isMain: boolean): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      lang: DEFAULT_LANG,
      langChosen: false,
      theme: 'system',
      selectedArea: null,
      areaList: [],
      service_link: '',
      service_link_type: 0,
      verify_reg_type: 0,
      trade_fee_type: 0,
      isMain: false,
      setLang: (lang) => set({ lang, langChosen: true }),
      setDetectedLang: (lang) => set({ lang }),
      setTheme: (theme) => set({ theme }),
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
      // Version 0 stored the fixed 'light' nobody chose, and 'en' whether chosen or not: the theme
      // becomes 'system', and only a language other than the default counts as the trader's choice.
      version: 1,
      migrate: (persisted, version) => {
        const state = (persisted ?? {}) as Partial<SettingsState>;
        if (version >= 1) return state;
        return {
          ...state,
          theme: 'system',
          langChosen: state.lang !== undefined && state.lang !== DEFAULT_LANG,
        };
      },
      partialize: (s) => ({
        lang: s.lang,
        langChosen: s.langChosen,
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
