import { initI18n } from '../i18n';
import { deviceId } from '../lib/device';
import { langFromUrl } from '../lib/url-lang';
import { refreshBalance } from './auth-actions';
import { api, socket } from './services';
import { type SessionUser, useSession } from './stores/session';
import { type Area, type BasicInfo, useSettings } from './stores/settings';

const COMPANY_COOKIE_MAX_AGE_S = 3 * 365 * 24 * 60 * 60;

/** Before the first render: pick the language (URL `lang` beats the saved one) and load its texts. */
export async function prepare(): Promise<void> {
  const fromUrl = langFromUrl(window.location.href);
  if (fromUrl) useSettings.getState().setLang(fromUrl);
  deviceId();
  await initI18n(useSettings.getState().lang);
}

interface CompanyStatus {
  status: number | string;
  type: number | string;
  loss_url?: string | null;
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

async function checkCompany(): Promise<boolean> {
  const { data } = await api.get<CompanyStatus>('/api/company/getCompanyStatus');
  if (Number(data.status) !== 0) {
    // Only http(s): a `javascript:` address from a compromised setting must not run in our origin.
    if (isHttpUrl(data.loss_url)) window.location.replace(data.loss_url);
    return false;
  }
  useSettings.getState().setIsMain(Number(data.type) === 0);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4
  document.cookie = `meridian_company=${encodeURIComponent(String(data.type))}; max-age=${COMPANY_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
  return true;
}

async function loadBasicInfo(): Promise<void> {
  const { data } = await api.get<Partial<BasicInfo>>('/api/basicSet/getBasicInfo');
  const { service_link, service_link_type, verify_reg_type, trade_fee_type } = data ?? {};
  useSettings
    .getState()
    .setBasicInfo(
      Object.fromEntries(
        Object.entries({ service_link, service_link_type, verify_reg_type, trade_fee_type }).filter(
          ([, v]) => v !== undefined && v !== null,
        ),
      ),
    );
}

async function loadAreas(): Promise<void> {
  const { data } = await api.get<Area[] | { list?: Area[] }>('/api/default/area_list');
  const list = Array.isArray(data) ? data : (data?.list ?? []);
  useSettings.getState().setAreaList(list);
}

/** The silent session check: a 999 here only clears the session, it does not send anyone to /login. */
async function restoreSession(): Promise<void> {
  const { token } = useSession.getState();
  if (!token) return;
  const { data } = await api.get<SessionUser | { user: SessionUser }>('/api/user/info', undefined, {
    showErrorMessage: false,
    redirectOnExpiry: false,
  });
  // Some deployments wrap the user as { user }, others return it bare.
  const user = 'user' in data && typeof data.user === 'object' && data.user !== null ? data.user : data;
  useSession.getState().setUser(user as SessionUser);
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
