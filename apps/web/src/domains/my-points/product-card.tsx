import { GiftOutlined } from '@ant-design/icons';
import type { ShopProduct } from '@lyceum/contract';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { pointsText } from '../../ui/points-format';
import { useMyPointsTexts } from './my-points-texts';
import { maxQuantity } from './redeem-dialog';

// A product's cover, or a plain tile with a gift when it has none (decorative: the name says it all).
export function ProductCover({ url, out }: { url: string | null; out?: boolean }) {
  return (
    <div className={`my-points-cover${out ? ' is-out' : ''}`} aria-hidden="true">
      {url ? <img src={url} alt="" loading="lazy" /> : <GiftOutlined />}
    </div>
  );
}

// One product of the shop: picture, name, what it is, the price, what is left, and "Redeem" (off,
// saying why, when it is sold out, the student's limit is reached or their points do not reach).
export function ProductCard({
  product,
  balance,
  onRedeem,
}: {
  product: ShopProduct;
  balance: number;
  onRedeem: (p: ShopProduct) => void;
}) {
  const { t } = useMyPointsTexts();
  const lang = useLang();
  const titleId = `shop-product-${product.id}`;
  const soldOut = product.stock < 1;
  const why = soldOut
    ? t('myPoints.soldOut')
    : maxQuantity(product) < 1
      ? t('myPoints.limitReached')
      : product.pointsPrice > balance
        ? t('myPoints.notEnough', { missing: pointsText(product.pointsPrice - balance, lang) })
        : null;
  const button = (
    <Button
      type="primary"
      // The name says "Redeem …": no space put between its two Chinese characters.
      autoInsertSpace={false}
      disabled={why !== null}
      style={why ? { pointerEvents: 'none' } : undefined}
      onClick={() => onRedeem(product)}
      aria-label={t('myPoints.redeemOf', { name: product.name })}
    >
      {t('myPoints.redeem')}
    </Button>
  );
  return (
    <li className="my-points-card" aria-labelledby={titleId} data-testid="shop-product">
      <ProductCover url={product.imageUrls[0] ?? null} out={soldOut} />
      <div className="my-points-card-body">
        <Typography.Title level={5} id={titleId} className="my-points-card-title" ellipsis={{ rows: 2 }}>
          {product.name}
        </Typography.Title>
        {product.categoryName && (
          <Typography.Text type="secondary" className="my-points-sub">
            {product.categoryName}
          </Typography.Text>
        )}
        <Typography.Paragraph type="secondary" className="my-points-about" ellipsis={{ rows: 2 }}>
          {product.description ?? ''}
        </Typography.Paragraph>
        <div className="my-points-price">
          {t('myPoints.pointsCount', { points: pointsText(product.pointsPrice, lang) })}
        </div>
        <div className="my-points-card-foot">
          <span>
            {soldOut ? (
              <Tag>{t('myPoints.soldOut')}</Tag>
            ) : (
              <Typography.Text type="secondary">{t('myPoints.stockLeft', { count: product.stock })}</Typography.Text>
            )}
            {product.remaining !== null && !soldOut && (
              <Typography.Text type="secondary" className="my-points-sub">
                {product.remaining > 0
                  ? t('myPoints.limitLeft', { count: product.remaining })
                  : t('myPoints.limitReached')}
              </Typography.Text>
            )}
          </span>
          {why ? (
            <Tooltip title={why}>
              <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
            </Tooltip>
          ) : (
            button
          )}
        </div>
      </div>
    </li>
  );
}
