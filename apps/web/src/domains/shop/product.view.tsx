import { EyeInvisibleOutlined, EyeOutlined, GiftOutlined } from '@ant-design/icons';
import { type Product, productMeta, type ResourceMeta, zProductCreate } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, type TableColumnsType, Tag, Typography } from 'antd';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { pointsText } from '../../ui/points-format';
import { ProductEditor } from './product-editor';
import { PRODUCT_KEY, productApi, productBody } from './shop-api';
import { useShopTexts } from './shop-words';
import './shop.css';

const meta = productMeta as ResourceMeta;

// Products (staff): what students may redeem with their points, with the price, what is left and
// what was redeemed; put on or taken off the shelf in one click; edited in a drawer with the
// pictures; to and from Excel. A product with orders is taken off the shelf rather than deleted.
export default function ProductView() {
  const { t } = useShopTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canUpdate = usePermission(['product:update']);

  async function toggleShelf(row: Product) {
    try {
      // The update writes every field: the product is read afresh first; its stock goes as `stockWas`
      // too, so the save moves the stock by nothing whatever a redemption did meanwhile.
      const fresh = await productApi.select(row.id);
      await productApi.update({ ...productBody(fresh), id: row.id, stockWas: fresh.stock, onShelf: !row.onShelf });
      message.success(t(row.onShelf ? 'shop.takeOffDone' : 'shop.putOnDone', { name: row.name }));
      await client.invalidateQueries({ queryKey: [PRODUCT_KEY] });
    } catch {
      // The request client has said why.
    }
  }

  const shelfAction: RowAction<Product> = {
    key: 'shelf',
    label: t('shop.putOnShelf'),
    icon: <EyeOutlined />,
    allowed: canUpdate,
    onClick: (row) => void toggleShelf(row),
    swap: (row) =>
      row.onShelf
        ? {
            key: 'shelf',
            label: t('shop.takeOffShelf'),
            icon: <EyeInvisibleOutlined />,
            onClick: (r) => void toggleShelf(r),
          }
        : undefined,
  };

  const columns = (base: TableColumnsType<Product>): TableColumnsType<Product> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    const figure = (v: number) => <span className="shop-figure">{pointsText(v, lang)}</span>;
    return [
      {
        ...byKey('name'),
        key: 'name',
        width: 260,
        ellipsis: false,
        render: (_: unknown, p) => (
          <div className="shop-product">
            <div className="shop-thumb" aria-hidden>
              {p.imageUrls[0] ? <img src={p.imageUrls[0]} alt="" loading="lazy" /> : <GiftOutlined />}
            </div>
            <div>
              <div>{p.name}</div>
              {p.categoryName && (
                <Typography.Text type="secondary" className="shop-sub">
                  {p.categoryName}
                </Typography.Text>
              )}
            </div>
          </div>
        ),
      },
      { ...byKey('pointsPrice'), align: 'right', render: (_: unknown, p) => figure(p.pointsPrice) },
      {
        ...byKey('stock'),
        align: 'right',
        render: (_: unknown, p) => (p.stock > 0 ? figure(p.stock) : <Tag color="error">{t('shop.soldOut')}</Tag>),
      },
      { ...byKey('sold'), width: 110, align: 'right', render: (_: unknown, p) => figure(p.sold) },
      {
        ...byKey('limitPerStudent'),
        align: 'right',
        render: (_: unknown, p) =>
          p.limitPerStudent === null ? (
            <Typography.Text type="secondary">{t('shop.noLimit')}</Typography.Text>
          ) : (
            figure(p.limitPerStudent)
          ),
      },
      {
        ...byKey('onShelf'),
        render: (_: unknown, p) =>
          p.onShelf ? <Tag color="success">{t('shop.onShelfTag')}</Tag> : <Tag>{t('shop.offShelfTag')}</Tag>,
      },
      byKey('sort') ?? {},
    ];
  };

  return (
    <ResourceScreen<Product>
      meta={meta}
      schema={zProductCreate}
      slots={{
        createLabel: t('shop.productCreate'),
        columns,
        rowActions: [shelfAction],
        deleteConfirm: (row) => ({
          title: t('shop.productDeleteConfirm', { name: row.name }),
          content: t('shop.productDeleteText'),
        }),
        emptyText: t('shop.productsEmpty'),
        editor: ({ editing, close, saved }) => <ProductEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    />
  );
}
