import { DEFAULT_CURRENCY, type OnlineProvider, PriceKind } from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Input, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { htmlText } from '../../rich-text/plain-text';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { formatMoney } from '../../ui/money-format';
import { type PayChoice, PayChoiceDialog } from '../../ui/pay-choice';
import { newRequestKey } from '../../ui/payment-words';
import { pointsText } from '../../ui/points-format';
import {
  buyCourse,
  type CatalogCourse,
  coursePlayerPath,
  enrol,
  fetchCatalog,
  MY_COURSE_KEY,
  payCourseOrder,
} from './course-api';
import { CourseCover } from './course-card';
import { useMyCourseTexts } from './course-texts';

function usePriceText() {
  const { t } = useMyCourseTexts();
  const lang = useLang();
  return (course: CatalogCourse): string | null => {
    if (course.priceKind === null || course.price === null || course.price === 0) return null;
    return course.priceKind === PriceKind.Points
      ? t('myCourse.pricePoints', { price: pointsText(course.price, lang) })
      : formatMoney(course.price, course.currency ?? DEFAULT_CURRENCY, lang);
  };
}

interface RowActions {
  onJoin: (c: CatalogCourse) => void;
  onBuy: (c: CatalogCourse) => void;
  onPay: (c: CatalogCourse) => void;
}

// What a course of the catalogue offers: open it (yours), pay the order awaiting payment, buy it
// (priced), or join it (free).
function CatalogAction({ course, onJoin, onBuy, onPay }: { course: CatalogCourse } & RowActions) {
  const { t } = useMyCourseTexts();
  const navigate = useNavigate();
  if (course.owned)
    return (
      <Button
        onClick={() => navigate(coursePlayerPath(course.id))}
        aria-label={t('myCourse.openOf', { title: course.title })}
      >
        {t('myCourse.open')}
      </Button>
    );
  if (course.awaitingOrderId !== null)
    return (
      <Button
        type="primary"
        onClick={() => onPay(course)}
        aria-label={t('myCourse.payOrderOf', { title: course.title })}
      >
        {t('myCourse.payOrder')}
      </Button>
    );
  if (course.buyable)
    return (
      <Button type="primary" onClick={() => onBuy(course)} aria-label={t('myCourse.buyOf', { title: course.title })}>
        {t('myCourse.buy')}
      </Button>
    );
  return (
    <Button type="primary" onClick={() => onJoin(course)} aria-label={t('myCourse.joinOf', { title: course.title })}>
      {t('myCourse.join')}
    </Button>
  );
}

function CatalogRow({ course, ...actions }: { course: CatalogCourse } & RowActions) {
  const { t } = useMyCourseTexts();
  const price = usePriceText()(course);
  const about = htmlText(course.description).trim();
  return (
    <li className="my-course-catalog-row" data-testid="catalog-course">
      <CourseCover url={course.coverUrl} small />
      <div className="my-course-body">
        <Typography.Text strong>{course.title}</Typography.Text>
        <Space size={[6, 4]} wrap>
          <Typography.Text type="secondary">{course.code}</Typography.Text>
          <Typography.Text type="secondary">{t('myCourse.lessonsCount', { count: course.lessons })}</Typography.Text>
          {course.creditHours > 0 && (
            <Typography.Text type="secondary">
              {t('myCourse.creditHours', { hours: course.creditHours })}
            </Typography.Text>
          )}
          {price && <Tag color="gold">{price}</Tag>}
          {course.owned && price && <Tag color="success">{t('myCourse.owned')}</Tag>}
          {course.awaitingOrderId !== null && <Tag color="processing">{t('myCourse.awaitingHint')}</Tag>}
        </Space>
        {about && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="my-course-about">
            {about}
          </Typography.Paragraph>
        )}
      </div>
      <CatalogAction course={course} {...actions} />
    </li>
  );
}

// Published courses open for self-enrolment that the student has not joined: search, page, join.
export function CourseCatalog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useMyCourseTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const lang = useLang();
  const [paying, setPaying] = useState<{
    choice: PayChoice;
    start: (provider: OnlineProvider) => Promise<{ payUrl: string }>;
  } | null>(null);
  const list = useQuery({
    queryKey: [MY_COURSE_KEY, 'catalog', keyword, pageIndex],
    queryFn: ({ signal }) => fetchCatalog(keyword, pageIndex, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const join = (course: CatalogCourse) =>
    confirm({
      title: t('myCourse.joinConfirm', { title: course.title }),
      content: t('myCourse.joinHint'),
      okText: t('myCourse.join'),
      onOk: async () => {
        await enrol(course.id);
        message.success(t('myCourse.joined', { title: course.title }));
        await client.invalidateQueries({ queryKey: [MY_COURSE_KEY] });
      },
    });

  const choiceOf = (course: CatalogCourse): PayChoice => ({
    title: t('myCourse.buyMoneyTitle', { title: course.title }),
    amount: course.price ?? 0,
    currency: course.currency ?? DEFAULT_CURRENCY,
  });
  // Points: confirmed, taken at once, open. Money: the way to pay is chosen first, then the order is
  // made and paid at the provider's page (nothing is ordered when the dialog is closed).
  const buy = (course: CatalogCourse) => {
    if (course.priceKind === PriceKind.Points)
      return confirm({
        title: t('myCourse.buyPointsTitle', { title: course.title, price: pointsText(course.price ?? 0, lang) }),
        content: t('myCourse.buyPointsText'),
        okText: t('myCourse.buy'),
        onOk: async () => {
          await buyCourse(course.id, newRequestKey());
          message.success(t('myCourse.bought', { title: course.title }));
          await client.invalidateQueries({ queryKey: [MY_COURSE_KEY] });
        },
      });
    const requestKey = newRequestKey();
    setPaying({
      choice: choiceOf(course),
      start: async (provider) => payCourseOrder((await buyCourse(course.id, requestKey)).id, provider),
    });
  };
  const pay = (course: CatalogCourse) =>
    setPaying({ choice: choiceOf(course), start: (provider) => payCourseOrder(course.awaitingOrderId ?? 0, provider) });

  const rows = list.data?.list ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('myCourse.catalogTitle')}
      size={mobile ? '100%' : 640}
      destroyOnHidden
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('myCourse.catalogSearch')}
          aria-label={t('myCourse.catalogSearch')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageIndex(1);
          }}
        />
        {list.isPending ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={keyword ? t('myCourse.catalogNoMatch', { keyword }) : t('myCourse.catalogEmpty')}
            data-testid="catalog-empty"
          />
        ) : (
          <ul className="my-course-catalog">
            {rows.map((course) => (
              <CatalogRow key={course.id} course={course} onJoin={join} onBuy={buy} onPay={pay} />
            ))}
          </ul>
        )}
        {(list.data?.total ?? 0) > (list.data?.pageSize ?? 12) && (
          <Pagination
            current={pageIndex}
            pageSize={list.data?.pageSize ?? 12}
            total={list.data?.total ?? 0}
            onChange={setPageIndex}
            showSizeChanger={false}
            size="small"
          />
        )}
      </Space>
      <PayChoiceDialog
        choice={paying?.choice ?? null}
        onClose={() => setPaying(null)}
        start={(provider) => paying?.start(provider) ?? Promise.reject(new Error('no course'))}
      />
    </Drawer>
  );
}
