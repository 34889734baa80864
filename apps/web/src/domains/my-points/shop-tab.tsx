import type { ShopProduct } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Select, Skeleton } from 'antd';
import { useRef, useState } from 'react';
import { MY_POINTS_KEY, myPointsCalls } from './my-points-api';
import { useMyPointsTexts } from './my-points-texts';
import { ProductCard } from './product-card';
import { RedeemDialog } from './redeem-dialog';

const PAGE_SIZE = 24;

// The products on the shelf as cards, searched by name and category; "Redeem" opens the dialog with
// the balance the shop answered with (the same read as the products, so the two agree).
export function ShopTab() {
  const { t } = useMyPointsTexts();
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [pageIndex, setPageIndex] = useState(1);
  const [redeeming, setRedeeming] = useState<ShopProduct | null>(null);
  const body = { keyword: keyword.trim() || undefined, categoryId, pageIndex, pageSize: PAGE_SIZE };
  const shop = useQuery({
    queryKey: [MY_POINTS_KEY, 'shop', body],
    queryFn: ({ signal }) => myPointsCalls.shop(body, { signal }),
    placeholderData: keepPreviousData,
  });
  // The categories the shop has shown so far (students do not read the category list itself).
  const seen = useRef(new Map<number, string>());
  for (const p of shop.data?.list ?? [])
    if (p.categoryId && p.categoryName) seen.current.set(p.categoryId, p.categoryName);
  const categories = [...seen.current].map(([value, label]) => ({ value, label }));
  const data = shop.data;
  const filtered = body.keyword !== undefined || categoryId !== undefined;
  // The product in the dialog as the latest read has it (its stock and the caller's limit).
  const current = redeeming && (data?.list.find((p) => p.id === redeeming.id) ?? redeeming);

  return (
    <section aria-label={t('myPoints.tabShop')}>
      <div className="my-points-shop-bar">
        <Input.Search
          allowClear
          placeholder={t('myPoints.search')}
          aria-label={t('myPoints.search')}
          onSearch={(v) => {
            setKeyword(v);
            setPageIndex(1);
          }}
          style={{ width: 240 }}
        />
        {categories.length > 1 && (
          <Select<number>
            allowClear
            value={categoryId}
            placeholder={t('myPoints.allCategories')}
            aria-label={t('myPoints.category')}
            options={categories}
            onChange={(v) => {
              setCategoryId(v);
              setPageIndex(1);
            }}
            style={{ width: 180 }}
          />
        )}
      </div>
      {shop.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : shop.isError || !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPoints.loadFailed')}>
          <Button onClick={() => void shop.refetch()}>{t('myPoints.retry')}</Button>
        </Empty>
      ) : data.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('myPoints.shopNoMatch') : t('myPoints.shopEmpty')}
          data-testid="shop-empty"
        />
      ) : (
        <>
          <ul className="my-points-cards">
            {data.list.map((p) => (
              <ProductCard key={p.id} product={p} balance={data.balance} onRedeem={setRedeeming} />
            ))}
          </ul>
          {data.total > PAGE_SIZE && (
            <Pagination
              className="my-points-pager"
              current={pageIndex}
              pageSize={PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={setPageIndex}
            />
          )}
        </>
      )}
      <RedeemDialog product={current} balance={data?.balance ?? 0} onClose={() => setRedeeming(null)} />
    </section>
  );
}
