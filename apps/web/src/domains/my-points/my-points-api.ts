import type { Redeem, ShopRequest } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { cleanFilter } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

// Every query of Points & shop sits under one key: a redemption, a cancel or a receipt reads the
// balance, the shop, the orders and the history again together.
export const MY_POINTS_KEY = 'myPoints';

export interface Paging {
  pageIndex: number;
  pageSize: number;
}

// A redemption's request key: random, 32 hex digits. getRandomValues works on plain http too, where
// randomUUID does not (a school's server on its own network).
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const myPointsCalls = {
  balance: async ({ signal }: Cancel = {}): Promise<number> =>
    (await call(api.point.my, { body: { pageIndex: 1, pageSize: 1 } }, { signal, retry: 2 })).balance,
  history: (paging: Paging, { signal }: Cancel = {}) => call(api.point.my, { body: paging }, { signal, retry: 2 }),
  shop: (body: ShopRequest, { signal }: Cancel = {}) =>
    call(api.product.shop, { body: cleanFilter(body) as ShopRequest }, { signal, retry: 2 }),
  redeem: (body: Redeem) => call(api.goodsOrder.redeem, { body }, { loading: true }),
  orders: (paging: Paging, { signal }: Cancel = {}) => call(api.goodsOrder.my, { body: paging }, { signal, retry: 2 }),
  receive: (id: number) => call(api.goodsOrder.receive, { params: { id } }, { loading: true }),
  cancel: (id: number, reason: string) =>
    call(api.goodsOrder.cancelMine, { params: { id }, body: { reason: reason.trim() || null } }, { loading: true }),
};
