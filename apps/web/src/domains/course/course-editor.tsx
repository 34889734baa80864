import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  EyeOutlined,
  LineChartOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { type Course, CourseStatus, courseStatusLabels, labelOf } from '@lyceum/contract';
import { Alert, Badge, Button, Card, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Explained } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { AssignmentsPanel } from './assignments-drawer';
import { coursePaths, learnersPath } from './course-api';
import { CourseDetails } from './course-details';
import { CoursePreview } from './course-preview';
import { usePublishLock } from './course-row-actions';
import { useCourseTexts } from './course-texts';
import { lessonCount } from './outline-draft';
import { OutlinePanel } from './outline-panel';
import { PublishDialog } from './publish-dialog';
import { type EditorTab, useCourseEditor } from './use-course-editor';

// The course editor: details, the outline of chapters and lessons, and who takes it; saved as a
// draft, previewed as a student would see it, published after a preview of its effect.
export function CourseEditor({ course }: { course: Course | null }) {
  const { t } = useCourseTexts();
  const editor = useCourseEditor(course);
  const { canSave, save } = editor;
  // Hidden tabs stay mounted: only the editor on screen answers the keyboard.
  const tab = useTabLocation();
  const { pathname } = useLocation();
  const onScreen = !tab || pathname === tab.path;
  // Ctrl+S (⌘S) saves, as in any editor, instead of the browser saving the page.
  useEffect(() => {
    if (!canSave || !onScreen) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canSave, onScreen, save]);
  const { outline, problems } = editor;
  const outlineProblems = Object.values(problems).filter((p) => Object.keys(p).length > 0).length;

  return (
    <div className="course-editor">
      <EditorHeader editor={editor} />
      <Card size="small">
        <Tabs
          activeKey={editor.tab}
          onChange={(key) => editor.setTab(key as EditorTab)}
          items={[
            {
              key: 'details',
              label: t('course.tabDetails'),
              // The details form must exist for saving even while another tab shows.
              forceRender: true,
              children: <CourseDetails editor={editor} />,
            },
            {
              key: 'outline',
              label: (
                <Badge count={outlineProblems} size="small" offset={[8, -2]}>
                  <span>{t('course.tabOutline', { count: lessonCount(outline) })}</span>
                </Badge>
              ),
              children: <OutlinePanel editor={editor} />,
            },
            {
              key: 'assignments',
              label: t('course.tabAssignments'),
              disabled: course === null,
              children: course && <AssignmentsPanel course={course} />,
            },
          ]}
        />
      </Card>
      <CoursePreview editor={editor} />
      {editor.publishing && course && (
        <PublishDialog course={course} onClose={() => editor.setPublishing(false)} onDone={editor.published} />
      )}
    </div>
  );
}

function EditorHeader({ editor }: { editor: ReturnType<typeof useCourseEditor> }) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const publishLock = usePublishLock();
  const { course, dirty, canSave } = editor;
  // Unsaved changes are published too (saved first), so only an archived course is locked; a new
  // course is saved (and so named) first.
  const lock = !course
    ? t('course.saveFirst')
    : !dirty
      ? publishLock(course)
      : course.status === CourseStatus.Archived && publishLock(course);
  const publishButton = (
    <Button
      icon={<CloudUploadOutlined />}
      disabled={!!lock || !canSave}
      style={lock ? { pointerEvents: 'none' } : undefined}
      onClick={() => void editor.publish()}
    >
      {t('course.publish')}
    </Button>
  );
  return (
    <Card size="small" className="course-editor-head">
      <div className="course-editor-bar">
        <Tooltip title={t('course.backToList')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('course.backToList')}
            onClick={() => navigate(coursePaths.list)}
          />
        </Tooltip>
        <div className="course-editor-title">
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: true }}>
            {course?.title || t('course.newCourse')}
          </Typography.Title>
          <Space size={4} wrap>
            {course && (
              <Tag color={courseStatusLabels[course.status].color}>
                {labelOf(courseStatusLabels, course.status, lang)}
              </Tag>
            )}
            {course && course.version > 0 && <Tag>{t('course.versionN', { n: course.version })}</Tag>}
            {course?.draftChanged && course.version > 0 && !dirty && (
              <Tooltip title={t('course.draftChangedHint')}>
                <Tag color="warning">{t('course.draftChanged')}</Tag>
              </Tooltip>
            )}
            {dirty && <Tag color="warning">{t('course.unsaved')}</Tag>}
          </Space>
        </div>
        <Space wrap className="course-editor-actions">
          <Button icon={<EyeOutlined />} onClick={() => editor.setPreviewing(true)}>
            {t('course.previewAsStudent')}
          </Button>
          {course && (
            <Button icon={<LineChartOutlined />} onClick={() => navigate(learnersPath(course.id))}>
              {t('course.learnersAction')}
            </Button>
          )}
          {editor.canPublish && (lock ? <Explained why={lock}>{publishButton}</Explained> : publishButton)}
          {canSave && (
            <Button type="primary" icon={<SaveOutlined />} loading={editor.saving} onClick={() => void editor.save()}>
              {t('course.save')}
            </Button>
          )}
        </Space>
      </div>
      {!canSave && <Alert type="info" showIcon title={t('course.readOnly')} style={{ marginTop: 12 }} />}
    </Card>
  );
}
