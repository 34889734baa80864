import { SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  COURSE_VIEWS,
  type CourseListView,
  coursePlayerPath,
  fetchMyCourses,
  MY_COURSE_KEY,
  MY_COURSES_PATH,
} from './course-api';
import { CourseCard } from './course-card';
import { CourseCatalog } from './course-catalog';
import { useMyCourseTexts } from './course-texts';
import { useTabActive, useTabNumber } from './use-tab-active';
import './my-course.css';

interface OpenState {
  openCourse?: number;
  openLesson?: number | null;
}

// A link to one course (a task's "/study/course?courseId=N") opens the player. First the tab goes
// back to the plain list, so coming back to it later shows the list, then the player opens in its
// own tab in place of the link's history entry.
function useOpenLinkedCourse() {
  const navigate = useNavigate();
  const location = useLocation();
  const linked = useTabNumber('courseId');
  const lesson = useTabNumber('lessonId');
  useEffect(() => {
    if (linked === null) return;
    const state: OpenState = { openCourse: linked, openLesson: lesson };
    navigate(MY_COURSES_PATH, { replace: true, state });
  }, [linked, lesson, navigate]);
  const state = (location.state ?? {}) as OpenState;
  const target = location.pathname === MY_COURSES_PATH ? state.openCourse : undefined;
  useEffect(() => {
    if (typeof target === 'number') navigate(coursePlayerPath(target, state.openLesson), { replace: true });
  }, [target, state.openLesson, navigate]);
}

// The student's courses: required, elective, completed or all, each with its progress and the way
// back in; and the catalogue of courses open for joining.
export default function MyCourseView() {
  const { t } = useMyCourseTexts();
  useOpenLinkedCourse();
  const [view, setView] = useState<CourseListView>('all');
  const [catalog, setCatalog] = useState(false);
  const list = useQuery({
    queryKey: [MY_COURSE_KEY, 'my', view],
    queryFn: ({ signal }) => fetchMyCourses(view, { signal }),
  });
  const courses = list.data?.courses ?? [];
  // Shown again after studying in the player's tab: the progress is read afresh.
  const client = useQueryClient();
  const active = useTabActive();
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void client.invalidateQueries({ queryKey: [MY_COURSE_KEY, 'my'] });
    wasActive.current = active;
  }, [active, client]);
  const now = Date.now();

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Flex wrap gap={12} justify="space-between" align="center">
          <Segmented<CourseListView>
            value={view}
            onChange={setView}
            aria-label={t('myCourse.views')}
            options={COURSE_VIEWS.map((v) => ({ value: v, label: t(`myCourse.${v}`) }))}
          />
          <Button icon={<SearchOutlined />} onClick={() => setCatalog(true)}>
            {t('myCourse.findCourse')}
          </Button>
        </Flex>
        <div className="my-course-list">
          {list.isPending ? (
            <Skeleton active />
          ) : list.isError ? (
            <Empty
              description={<Typography.Text type="danger">{t('myCourse.loadFailed')}</Typography.Text>}
              image={Empty.PRESENTED_IMAGE_SIMPLE}
            >
              <Button onClick={() => void list.refetch()}>{t('myCourse.retry')}</Button>
            </Empty>
          ) : courses.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(`myCourse.${view}Empty`)}
              data-testid="my-course-empty"
            >
              {view !== 'completed' && (
                <Button type="primary" icon={<SearchOutlined />} onClick={() => setCatalog(true)}>
                  {t('myCourse.findCourse')}
                </Button>
              )}
            </Empty>
          ) : (
            <div className="my-course-cards">
              {courses.map((course) => (
                <CourseCard key={course.id} course={course} now={now} />
              ))}
            </div>
          )}
        </div>
      </Card>
      <CourseCatalog open={catalog} onClose={() => setCatalog(false)} />
    </Space>
  );
}
