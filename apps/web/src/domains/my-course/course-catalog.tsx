import { PriceKind } from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Input, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { htmlText } from '../../rich-text/plain-text';
import { useIsMobile } from '../../shell/layout/use-device';
import { type CatalogCourse, enrol, fetchCatalog, MY_COURSE_KEY } from './course-api';
import { CourseCover } from './course-card';
import { useMyCourseTexts } from './course-texts';

function priceText(course: CatalogCourse, t: (key: string, o: Record<string, unknown>) => string): string | null {
  if (course.priceKind === null || course.price === null || course.price === 0) return null;
  return course.priceKind === PriceKind.Points
    ? t('myCourse.pricePoints', { price: course.price })
    : t('myCourse.priceMoney', { price: (course.price / 100).toFixed(2) });
}

function CatalogRow({ course, onJoin }: { course: CatalogCourse; onJoin: (c: CatalogCourse) => void }) {
  const { t } = useMyCourseTexts();
  const price = priceText(course, t);
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
        </Space>
        {about && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="my-course-about">
            {about}
          </Typography.Paragraph>
        )}
      </div>
      <Button type="primary" onClick={() => onJoin(course)} aria-label={t('myCourse.joinOf', { title: course.title })}>
        {t('myCourse.join')}
      </Button>
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
              <CatalogRow key={course.id} course={course} onJoin={join} />
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
    </Drawer>
  );
}
