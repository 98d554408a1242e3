// @vitest-environment happy-dom
import type { Candle } from '@meridian/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyKlineCandle } from './live';
import { type KlinePages, marketKeys } from './queries';

const c = (time: number, close: string): Candle => ({
  Time: time,
  Open: '1',
  High: close,
  Low: '1',
  Close: close,
  Volume: 3,
});

describe('KLINE pushes into the cached chart history', () => {
  it('updates the forming candle of the newest page, then appends the next one', () => {
    const client = new QueryClient();
    const older = [c(0, '1.0'), c(60, '1.1')];
    client.setQueryData<KlinePages>(marketKeys.kline(7, '1min'), {
      pages: [[c(120, '1.2'), c(180, '1.3')], older],
      pageParams: [undefined, 120],
    });

    applyKlineCandle(client, 7, '1min', c(180, '1.35'));
    let data = client.getQueryData<KlinePages>(marketKeys.kline(7, '1min'));
    expect(data?.pages[0]?.map((x) => x.Close)).toEqual(['1.2', '1.35']);
    expect(data?.pages[1]).toBe(older);

    applyKlineCandle(client, 7, '1min', c(240, '1.4'));
    data = client.getQueryData<KlinePages>(marketKeys.kline(7, '1min'));
    expect(data?.pages[0]?.map((x) => x.Time)).toEqual([120, 180, 240]);
  });

  it('leaves periods and instruments that were never loaded alone', () => {
    const client = new QueryClient();
    applyKlineCandle(client, 7, '5min', c(300, '1.0'));
    expect(client.getQueryData(marketKeys.kline(7, '5min'))).toBeUndefined();
  });
});
