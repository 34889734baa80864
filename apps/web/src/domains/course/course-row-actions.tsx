import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  InboxOutlined,
  LineChartOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { type Course, CourseStatus } from '@lyceum/contract';
import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { type RowAction, visibleActions } from '../../crud/row-actions';
import { usePermission } from '../../shell/permission';
import { courseApi, courseCalls, editPath, learnersPath } from './course-api';
import { useCourseTexts } from './course-texts';

// Why a course cannot be published now, or nothing when it can.
export function usePublishLock() {
  const { t } = useCourseTexts();
  return (c: Pick<Course, 'status' | 'version' | 'draftChanged'>): string | false => {
    if (c.status === CourseStatus.Archived) return t('course.publishArchivedLock');
    if (c.status === CourseStatus.Published && !c.draftChanged) return t('course.publishSameLock', { n: c.version });
    return false;
  };
}

// The buttons of a course's row, and the dialogs they open (publishing, assignments).
export function useCourseRowActions(refresh: () => void) {
  const { t } = useCourseTexts();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const publishLock = usePublishLock();
  const canUpdate = usePermission(['course:update']);
  const canDelete = usePermission(['course:delete']);
  const canPublish = usePermission(['course:publish']);
  const [publishing, setPublishing] = useState<Course | null>(null);
  const [assigning, setAssigning] = useState<Course | null>(null);

  const archive = (c: Course) =>
    confirm({
      title: t('course.archiveConfirm', { name: c.title }),
      content: t('course.archiveHint'),
      okText: t('course.archive'),
      onOk: async () => {
        await courseCalls.archive(c.id);
        message.success(t('course.archived'));
        refresh();
      },
    });
  const remove = (c: Course) =>
    confirm({
      title: t('course.deleteConfirm', { name: c.title }),
      content: c.counts.learners > 0 ? t('course.deleteLearnersHint', { count: c.counts.learners }) : undefined,
      danger: true,
      onOk: async () => {
        await courseApi.remove(c.id);
        message.success(t('common.deleted'));
        refresh();
      },
    });

  const actions: RowAction<Course>[] = visibleActions<Course>([
    { key: 'edit', label: t('common.edit'), icon: <EditOutlined />, onClick: (c) => navigate(editPath(c.id)) },
    {
      key: 'assign',
      label: t('course.assignments'),
      icon: <UsergroupAddOutlined />,
      onClick: setAssigning,
      disabled: (c) => c.status === CourseStatus.Archived && t('course.assignArchivedLock'),
    },
    {
      key: 'learners',
      label: t('course.learnersAction'),
      icon: <LineChartOutlined />,
      onClick: (c) => navigate(learnersPath(c.id)),
    },
    {
      key: 'publish',
      label: t('course.publish'),
      icon: <CloudUploadOutlined />,
      allowed: canPublish,
      disabled: publishLock,
      onClick: setPublishing,
    },
    {
      key: 'archive',
      label: t('course.archive'),
      icon: <InboxOutlined />,
      allowed: canPublish,
      disabled: (c) => c.status !== CourseStatus.Published && t('course.archiveLock'),
      onClick: archive,
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      allowed: canDelete,
      onClick: remove,
    },
  ]);
  // Editing stays visible without course:update: the editor then opens read-only.
  if (!canUpdate) actions[0] = { ...actions[0], label: t('course.view'), icon: <EyeOutlined /> };
  return { actions, publishing, setPublishing, assigning, setAssigning };
}
