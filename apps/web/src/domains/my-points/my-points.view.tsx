import { GiftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { pointsText } from '../../ui/points-format';
import { MyOrders } from './my-orders';
import { MY_POINTS_KEY, myPointsCalls } from './my-points-api';
import { useMyPointsTexts } from './my-points-texts';
import { PointsHistory } from './points-history';
import { ShopTab } from './shop-tab';
import './my-points.css';

const TABS = ['shop', 'orders', 'history'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'shop';

// The balance, large, above everything that changes it.
function Balance() {
  const { t } = useMyPointsTexts();
  const lang = useLang();
  const mine = useQuery({
    queryKey: [MY_POINTS_KEY, 'balance'],
    queryFn: ({ signal }) => myPointsCalls.balance({ signal }),
  });
  return (
    <Card size="small" className="my-points-hero">
      <div className="my-points-hero-icon" aria-hidden>
        <GiftOutlined />
      </div>
      <div>
        <Typography.Text className="my-points-hero-label">{t('myPoints.balance')}</Typography.Text>
        {mine.isPending ? (
          <Skeleton.Input active size="large" />
        ) : (
          <div className="my-points-balance" data-testid="my-points-balance">
            {mine.isError ? '—' : pointsText(mine.data, lang)}
          </div>
        )}
        <Typography.Text type="secondary">{t('myPoints.balanceHint')}</Typography.Text>
      </div>
    </Card>
  );
}

// Points & shop (students, /study/points): the balance, the shop's products to redeem, the orders
// with their shipping, and every entry of the points history. A redemption, a cancel or a receipt
// refetches everything under MY_POINTS_KEY, so the balance on screen follows at once. The tab is in
// the address.
export default function MyPointsView() {
  const { t } = useMyPointsTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const shown = tabOf(tab?.query.tab);
  const path = tab?.path ?? window.location.pathname;
  const items = [
    { key: 'shop', label: t('myPoints.tabShop'), children: <ShopTab /> },
    { key: 'orders', label: t('myPoints.tabOrders'), children: <MyOrders /> },
    { key: 'history', label: t('myPoints.tabHistory'), children: <PointsHistory /> },
  ];
  return (
    <div className="my-points">
      <Balance />
      <Card size="small">
        <Tabs
          activeKey={shown}
          onChange={(key) => navigate(key === 'shop' ? path : `${path}?tab=${key}`, { replace: true })}
          destroyOnHidden
          items={items}
        />
      </Card>
    </div>
  );
}
