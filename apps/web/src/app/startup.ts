import { routes } from '@meridian/contract';
import { initI18n } from '../i18n';
import { refreshBalance } from '../lib/auth-actions';
import { langFromBrowser } from '../lib/browser-lang';
import { deviceId } from '../lib/device';
import { api, socket } from '../lib/services';
import { useSession } from '../lib/stores/session';
import { useSettings } from '../lib/stores/settings';
import { langFromUrl } from '../lib/url-lang';
import { startTheme } from './theme';

const COMPANY_COOKIE_MAX_AGE_S = 3 * 365 * 24 * 60 * 60;

/**
 * Before the first render: the theme, and the language with its texts. A URL `lang` is a choice and is
 * kept; then the trader's own earlier choice; until there is one, the phone's language (else English;
 * docs/decisions.md says why not the spec's `hk` for everyone).
 */
export async function prepare(): Promise<void> {
  startTheme();
  const settings = useSettings.getState();
  const fromUrl = langFromUrl(window.location.href);
  if (fromUrl) settings.setLang(fromUrl);
  else if (!settings.langChosen) settings.setDetectedLang(langFromBrowser(navigator.languages));
  deviceId();
  await initI18n(useSettings.getState().lang);
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

async function checkCompany(): Promise<boolean> {
  const data = await api.call(routes.companyStatus);
  if (data.status !== 0) {
    // Only http(s): a `javascript:` address from a compromised setting must not run in our origin.
    if (isHttpUrl(data.loss_url)) window.location.replace(data.loss_url);
    return false;
  }
  useSettings.getState().setIsMain(data.type === 0);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4
  document.cookie = `meridian_company=${encodeURIComponent(String(data.type))}; max-age=${COMPANY_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
  return true;
}

async function loadBasicInfo(): Promise<void> {
  useSettings.getState().setBasicInfo(await api.call(routes.basicInfo));
}

async function loadAreas(): Promise<void> {
  useSettings.getState().setAreaList(await api.call(routes.areaList));
}

/** The silent session check: a 999 here only clears the session, it does not send anyone to /login. */
async function restoreSession(): Promise<void> {
  const { token } = useSession.getState();
  if (!token) return;
  const user = await api.call(routes.userInfo, {}, { showErrorMessage: false, redirectOnExpiry: false });
  useSession.getState().setUser(user);
  socket.login(token);
  await refreshBalance();
}

function quietly(task: () => Promise<unknown>): Promise<void> {
  // Failures were already shown as toasts by the API client; the shell keeps working without the data.
  return task().then(
    () => undefined,
    () => undefined,
  );
}

/** After the first render: company check, settings and the session, in parallel where they can be. */
export async function initialise(): Promise<void> {
  const active = await checkCompany().catch(() => true);
  if (!active) return;
  await Promise.all([quietly(loadBasicInfo), quietly(loadAreas), quietly(restoreSession)]);
}
