import { Button, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { coursePaths, useCourse, useCourseIdOfTab } from './course-api';
import { CourseEditor } from './course-editor';
import { useCourseTexts } from './course-texts';
import './course.css';

// The course editor at /baseData/courseEdit?id= (a new course without an id).
export default function CourseEditView() {
  const { t } = useCourseTexts();
  const navigate = useNavigate();
  const id = useCourseIdOfTab();
  const loaded = useCourse(id);
  if (id !== null && loaded.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (id !== null && !loaded.data)
    return (
      <Result
        status="404"
        subTitle={t('course.notFound')}
        extra={<Button onClick={() => navigate(coursePaths.list)}>{t('course.backToList')}</Button>}
      />
    );
  // A new editor for each course; the same one across saves (it takes the saved ids itself).
  return <CourseEditor key={id ?? 'new'} course={loaded.data ?? null} />;
}
