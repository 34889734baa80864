import type { GoodsOrder, Product, ProductInput } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { resourceApi, type SaveOf } from '../../crud/resource-api';
import { call } from '../../shell/request';

// The staff shop's calls. Products and orders each sit under their resource's name, so a save or an
// action refreshes its list.
export const PRODUCT_KEY = 'product';
export const ORDER_KEY = 'goodsOrder';

export type ProductSave = SaveOf<ProductInput>;
// An update carries the stock the form showed (`stockWas`): the server moves the stock by the difference.
export const productApi = resourceApi<Product, ProductSave, ProductSave & { id: number; stockWas?: number }, object>(
  PRODUCT_KEY,
);
export const orderApi = resourceApi<GoodsOrder, never, never, object>(ORDER_KEY);

// A product as its form (or its shelf switch) saves it: every field of the product, nothing of the
// row's own (sold, the category's name, times).
export function productBody(p: ProductSave): ProductSave {
  return {
    name: p.name,
    categoryId: p.categoryId ?? null,
    description: p.description ?? null,
    imageUrls: p.imageUrls ?? [],
    pointsPrice: p.pointsPrice,
    stock: p.stock,
    limitPerStudent: p.limitPerStudent ?? null,
    onShelf: p.onShelf,
    sort: p.sort,
  };
}

export const orderCalls = {
  ship: (id: number, carrier: string, trackingNo: string) =>
    call(
      api.goodsOrder.ship,
      { params: { id }, body: { carrier: carrier.trim(), trackingNo: trackingNo.trim() || null } },
      { loading: true },
    ),
  complete: (id: number) => call(api.goodsOrder.complete, { params: { id }, body: {} }, { loading: true }),
  cancel: (id: number, reason: string) =>
    call(api.goodsOrder.cancel, { params: { id }, body: { reason: reason.trim() } }, { loading: true }),
};
