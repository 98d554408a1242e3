import { routes } from '@meridian/contract';
import { DEFAULT_MARGIN_CALL_PCT, DEFAULT_STOP_OUT_PCT } from '@meridian/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/services';

export interface RiskLevels {
  /** Risk-rate percentage at or below which the trader is warned. */
  marginCall: number;
  /** Risk-rate percentage at or below which the server closes positions. */
  stopOut: number;
}

/** An operator's setting as a positive percentage; anything else keeps the default. */
export function parseLevel(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

function levelQuery(key: 'margin_call_level' | 'stop_out_level') {
  return {
    queryKey: ['settings', key] as const,
    queryFn: () =>
      api.call(routes.publicSetting, { key }, { showErrorMessage: false, showNetworkError: false }),
    staleTime: 5 * 60_000,
  };
}

/**
 * The deployment's margin-call and stop-out levels (public settings), for the risk-rate explanation
 * and the margin-call warning; the defaults stand in until they load or if they cannot.
 */
export function useRiskLevels(): RiskLevels {
  const marginCall = useQuery(levelQuery('margin_call_level'));
  const stopOut = useQuery(levelQuery('stop_out_level'));
  return {
    marginCall: parseLevel(marginCall.data?.value, DEFAULT_MARGIN_CALL_PCT),
    stopOut: parseLevel(stopOut.data?.value, DEFAULT_STOP_OUT_PCT),
  };
}
