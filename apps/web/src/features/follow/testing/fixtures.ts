import type {
  CopyDetail,
  CopySummary,
  MyStrategy,
  Order,
  StrategyDetail,
  StrategySummary,
} from '@meridian/contract';

/** Wire-shaped samples for the copy-trading screen tests (money with 6 decimals, percent with 2). */
export function strategy(over: Partial<StrategySummary> = {}): StrategySummary {
  return {
    id: 11,
    name: 'Gold Trend',
    desc: 'Follows the trend on gold and the majors.',
    provider: 'a***@example.com',
    uid: '50000001',
    is_demo: 0,
    is_sample: 0,
    status: 'active',
    fee_rate: '20.00',
    min_invest: '100.000000',
    roi: '12.50',
    three_week_rate: '-3.10',
    win_rate: '61.54',
    max_drawdown: '8.20',
    followers: 7,
    copiers_funds: '12500.000000',
    total_orders: 26,
    multiple: 10,
    variety: 3,
    instruments: ['XAUUSD', 'EURUSD', 'GBPUSD'],
    risk_score: 4,
    avatar: null,
    created_at: 1_767_225_600_000,
    ...over,
  };
}

export function strategyDetail(over: Partial<StrategyDetail> = {}): StrategyDetail {
  return {
    ...strategy(),
    positions: [
      {
        code: 'XAUUSD',
        side: 'buy',
        lots: '0.50',
        leverage: 20,
        open_price: '2650.10',
        opened_at: 1_768_298_400_000,
      },
    ],
    own: 0,
    copy_id: null,
    ...over,
  };
}

export function order(id: number, over: Partial<Order> = {}): Order {
  return {
    Id: id,
    ForexId: 3,
    ForexTradeLists: { ShowCode: 'XAU/USD', Code: 'XAUUSD', PricePrecision: 2 },
    OrderType: 1,
    Status: 1,
    Quantity: '0.05',
    OriginPrice: '2650.10',
    Price: '2661.30',
    FactProfits: '56.000000',
    CautionMoney: '662.525000',
    TradeFee: '0.500000',
    TargetLossPrice: '0',
    TargetProfitPrice: '0',
    Multiple: 20,
    CloseReason: null,
    CreateTimeHandler: '2026-01-13 10:00:00',
    CreateTime: 1_768_298_400_000,
    FillTime: 1_768_298_400_000,
    CloseTime: null,
    CopyId: 31,
    CopyName: 'Gold Trend',
    ...over,
  };
}

export function copySummary(over: Partial<CopySummary> = {}): CopySummary {
  return {
    copy_id: 31,
    strategy_id: 11,
    strategy_name: 'Gold Trend',
    strategy_avatar: null,
    provider: 'a***@example.com',
    status: 'active',
    stop_reason: null,
    is_demo: 0,
    invested: '1000.000000',
    equity: '1056.000000',
    balance: '337.475000',
    // The least of the free balance (337.475), equity less the minimum, and equity less the stop (256), in cents down.
    withdrawable: '255.990000',
    pnl: '56.000000',
    fees_paid: '0.000000',
    high_water_mark: '1000.000000',
    equity_stop_loss: '800.000000',
    fee_rate: '20.00',
    open_positions: 1,
    skipped: 1,
    started_at: 1_768_298_400_000,
    stopped_at: null,
    ...over,
  };
}

export function copyDetail(over: Partial<CopyDetail> = {}): CopyDetail {
  return {
    ...copySummary(),
    positions: [order(501)],
    history: [
      order(490, { Status: 3, FactProfits: '-12.500000', CloseTime: 1_768_290_000_000, CloseReason: 'copy' }),
    ],
    skipped_trades: [
      {
        provider_order_id: 77,
        code: 'BTCUSD',
        side: 'sell',
        provider_lots: '0.01',
        wanted_lots: '0.0008',
        reason: 'below_min_lot',
        reason_text: 'The copy would be 0.0008 lots, below the minimum lot',
        at: 1_768_295_000_000,
      },
    ],
    ledger: [
      {
        id: 9001,
        kind: 'copy_fund_in',
        amount: '1000.000000',
        balance: '1000.000000',
        memo: 'Received from your balance for copying "Gold Trend"',
        created_at: 1_768_298_300_000,
      },
    ],
    ...over,
  };
}

export function myStrategy(over: Partial<MyStrategy> = {}): MyStrategy {
  return {
    strategy: strategy({ id: 12, name: 'Calm Carry', provider: 'ann@example.test' }),
    followers: [
      {
        name: 'b***@example.com',
        equity: '2040.000000',
        invested: '2000.000000',
        fees_paid: '8.000000',
        since: 1_768_000_000_000,
      },
    ],
    fees_earned: '8.000000',
    ...over,
  };
}
