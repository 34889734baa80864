import { z } from 'zod';
import { defineEntity, type FieldSpec, f } from '../entity';
import { goodsOrderStatusLabels } from '../enums/points';
import { formatRegex } from '../errors';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import type { FieldMeta, FormMeta } from '../resource-meta';

// The points shop (issue 33): products redeemed with points, and the goods orders they make.
// Stock and points move in one transaction by conditional updates; an order ships (2), completes on
// receipt or by itself after GOODS_ORDER_AUTO_COMPLETE_DAYS (3), or is cancelled before shipping
// (4, our extension of the seed's states), which gives the stock and the points back.

export const PRODUCT_IMAGES_MAX = 6;
// The most one redemption takes.
export const REDEEM_QUANTITY_MAX = 99;
// A shipped order completes by itself this many days after shipping when nobody confirms it (a
// constant for now; a setting per organisation later).
export const GOODS_ORDER_AUTO_COMPLETE_DAYS = 14;

// An uploaded file's own address (/api/file/12): product pictures are files of the file service,
// so the engine keeps them in file_links and shoppers read them through the product.
const FILE_LINK = /^\/api\/file\/[1-9][0-9]{0,15}$/;
const zImageUrl = z.string().regex(...formatRegex(FILE_LINK, 'fileLink'));

const label = (en: string, zh: string) => ({ en, zh });
function fieldSpec<I extends z.ZodType, R extends z.ZodType>(
  input: I,
  row: R,
  meta: Omit<FieldMeta, 'key'>,
): FieldSpec<I, R, undefined> {
  return { input, row, filter: undefined, meta };
}

export const productEntity = defineEntity({
  name: 'product',
  title: { en: 'Products', zh: '商品' },
  one: { en: 'Product', zh: '商品' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 100, { sortable: true }),
    categoryId: f.ref('productCategory', ['Category', '分类'], { filter: true }),
    // The cover first. Not in spreadsheets: pictures are uploaded on the product's form.
    imageUrls: fieldSpec(z.array(zImageUrl).max(PRODUCT_IMAGES_MAX).default([]), z.array(z.string()), {
      label: label('Pictures', '图片'),
      kind: 'file',
      list: false,
      excel: false,
    }),
    pointsPrice: f.int(['Points price', '积分价格'], { min: 1, max: 1_000_000 }, { sortable: true, width: 110 }),
    stock: f.int(['Stock', '库存'], { min: 0, max: 1_000_000 }, { sortable: true, width: 90 }),
    // None: no limit.
    limitPerStudent: fieldSpec(
      z
        .number()
        .int()
        .min(1)
        .max(1000)
        .nullable()
        .optional()
        .transform((v) => v ?? null),
      z.number().int().nullable(),
      {
        label: label('Limit per student', '每人限兑'),
        kind: 'number',
        width: 110,
        help: label('Empty: no limit', '留空表示不限'),
      },
    ),
    onShelf: f.boolean(['On shelf', '上架'], false, { filter: true, width: 90 }),
    sort: f.sort(),
    description: f.optionalText(['Description', '说明'], 2000, { textarea: true, list: false }),
  },
});
export const zProductCreate = productEntity.schemas.create;
// `stockWas`: the stock the editor showed. Given, the save moves the stock by the difference (a
// redemption made while the form was open is kept); absent (a spreadsheet), the stock is set.
export const zProductUpdate = productEntity.schemas.update.extend({
  stockWas: z.number().int().min(0).max(1_000_000).optional(),
});
export const zProductFilter = productEntity.schemas.filter;
// What orders took (given back by a cancel), and the category's name.
export const zProduct = productEntity.schemas.row.extend({
  sold: z.number().int(),
  categoryName: z.string().nullable(),
  updateTime: zDateTime,
});
export type Product = z.infer<typeof zProduct>;
export type ProductInput = z.input<typeof zProductCreate>;
export const productMeta = {
  ...productEntity.meta,
  fields: [
    ...productEntity.meta.fields,
    { key: 'sold', label: label('Redeemed', '已兑换'), kind: 'number' as const, form: false, width: 90 },
  ],
};

// ---- the shop as a member sees it ----

export const zShopRequest = zPlainPageRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  categoryId: zId.optional(),
});
export type ShopRequest = z.input<typeof zShopRequest>;
// A product on the shelf, with what the caller has redeemed of it (orders not cancelled) and how
// many more they may (null: no limit).
export const zShopProduct = z.object({
  id: zId,
  name: z.string(),
  description: z.string().nullable(),
  categoryId: zId.nullable(),
  categoryName: z.string().nullable(),
  imageUrls: z.array(z.string()),
  pointsPrice: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  limitPerStudent: z.number().int().nullable(),
  bought: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type ShopProduct = z.infer<typeof zShopProduct>;
export const zShopPage = zPage(zShopProduct).extend({ balance: z.number().int() });
export type ShopPage = z.infer<typeof zShopPage>;

// ---- goods orders ----

export const zRedeem = z.object({
  productId: zId,
  quantity: z.number().int().min(1).max(REDEEM_QUANTITY_MAX),
  // The client's key of this request: sent again (a double click, a retry), it answers the order
  // the first one made instead of making another.
  requestKey: z
    .string()
    .min(8)
    .max(64)
    .regex(...formatRegex(/^[A-Za-z0-9_-]+$/, 'keyChars'))
    .optional(),
  // Where it should go (a class, the office's counter), or anything the student adds.
  note: zOptionalText(200),
});
export type Redeem = z.input<typeof zRedeem>;

export const zGoodsOrder = z.object({
  id: zId,
  organizationId: zId,
  orderNo: z.string(),
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  productId: zId,
  productName: z.string(),
  // The product's cover as it is now (null when it has none).
  coverUrl: z.string().nullable(),
  quantity: z.number().int(),
  unitPoints: z.number().int(),
  totalPoints: z.number().int(),
  status: zEnum(goodsOrderStatusLabels),
  note: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: zDateTime.nullable(),
  shippedBy: zId.nullable(),
  completedAt: zDateTime.nullable(),
  // Null on a completed order: completed by itself after the days above.
  completedBy: zId.nullable(),
  cancelledAt: zDateTime.nullable(),
  cancelledBy: zId.nullable(),
  cancelReason: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type GoodsOrder = z.infer<typeof zGoodsOrder>;

export const zGoodsOrderFilter = z.object({
  // The order number, the product's name, or the student's name.
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(goodsOrderStatusLabels).optional(),
  productId: zId.optional(),
  userId: zId.optional(),
});
export const zMyGoodsOrdersRequest = zPlainPageRequest.extend({ status: zEnum(goodsOrderStatusLabels).optional() });
export const zGoodsOrderPage = zPage(zGoodsOrder);

export const zShip = z.object({
  carrier: zText(64),
  // None for a hand-over at the school's counter.
  trackingNo: zOptionalText(64),
});
export const zStaffCancel = z.object({ reason: zText(200) });
export const zCancelMine = z.object({ reason: zOptionalText(200) });

// The orders list and its spreadsheet (no form: orders come from redemptions).
export const goodsOrderMeta: FormMeta = {
  name: 'goodsOrder',
  title: label('Goods orders', '商品订单'),
  labelKey: 'orderNo',
  keyword: true,
  fields: [
    { key: 'orderNo', label: label('Order number', '订单号'), kind: 'text', width: 170 },
    { key: 'realName', label: label('Student', '学生'), kind: 'text', width: 120 },
    { key: 'userName', label: label('User name', '用户名'), kind: 'text', width: 120 },
    { key: 'productName', label: label('Product', '商品'), kind: 'text' },
    { key: 'quantity', label: label('Quantity', '数量'), kind: 'number', width: 80 },
    { key: 'totalPoints', label: label('Points', '积分'), kind: 'number', width: 90, sortable: true },
    {
      key: 'status',
      label: label('Status', '状态'),
      kind: 'enum',
      enum: goodsOrderStatusLabels,
      filter: true,
      width: 110,
    },
    { key: 'note', label: label('Note', '备注'), kind: 'text', list: false },
    { key: 'carrier', label: label('Carrier', '物流/方式'), kind: 'text', width: 110 },
    { key: 'trackingNo', label: label('Tracking number', '运单号'), kind: 'text', width: 140 },
    { key: 'createTime', label: label('Redeemed', '兑换时间'), kind: 'datetime', width: 160, sortable: true },
    { key: 'shippedAt', label: label('Shipped', '发货时间'), kind: 'datetime', width: 160 },
    { key: 'completedAt', label: label('Completed', '完成时间'), kind: 'datetime', width: 160 },
    { key: 'cancelReason', label: label('Cancel reason', '取消原因'), kind: 'text', list: false },
  ],
};
