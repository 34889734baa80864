import { PAGE_SIZE_DEFAULT, type PointEntry } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { pointBusinessTitle } from '../../ui/point-business';
import { pointsText, signedPointsText } from '../../ui/points-format';
import { TIME } from '../../ui/portal-format';
import { MY_POINTS_KEY, myPointsCalls } from './my-points-api';
import { useMyPointsTexts } from './my-points-texts';

// Every change of the student's balance, newest first: what it was for and why, the points and the
// balance it left.
export function PointsHistory() {
  const { t } = useMyPointsTexts();
  const lang = useLang();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const history = useQuery({
    queryKey: [MY_POINTS_KEY, 'history', paging],
    queryFn: ({ signal }) => myPointsCalls.history(paging, { signal }),
    placeholderData: keepPreviousData,
  });
  if (history.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPoints.loadFailed')}>
        <Button onClick={() => void history.refetch()}>{t('myPoints.retry')}</Button>
      </Empty>
    );
  const page = history.data;
  return (
    <Table<PointEntry>
      rowKey="id"
      size="middle"
      loading={history.isFetching}
      dataSource={page?.list}
      scroll={{ x: 720 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPoints.historyEmpty')} /> }}
      pagination={{
        current: paging.pageIndex,
        pageSize: paging.pageSize,
        total: page?.total ?? 0,
        hideOnSinglePage: true,
        showTotal: (total) => t('common.total', { count: total }),
        onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
      }}
      columns={[
        {
          key: 'time',
          title: t('myPoints.time'),
          width: 150,
          render: (_, e) => dayjs(e.createTime).format(TIME),
        },
        {
          key: 'amount',
          title: t('myPoints.change'),
          width: 110,
          align: 'right',
          render: (_, e) => (
            <span className={`my-points-figure ${e.amount > 0 ? 'my-points-gain' : 'my-points-loss'}`}>
              {signedPointsText(e.amount, lang)}
            </span>
          ),
        },
        {
          key: 'balanceAfter',
          title: t('myPoints.balanceAfterShort'),
          width: 120,
          align: 'right',
          render: (_, e) => <span className="my-points-figure">{pointsText(e.balanceAfter, lang)}</span>,
        },
        {
          key: 'business',
          title: t('myPoints.business'),
          width: 160,
          render: (_, e) => (e.business ? pointBusinessTitle(e.business, lang) : '—'),
        },
        {
          key: 'remark',
          title: t('myPoints.remark'),
          render: (_, e) => <Typography.Text>{e.remark ?? ''}</Typography.Text>,
        },
      ]}
    />
  );
}
