import { CheckCircleFilled, ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { labelOf, type MyTask, TaskItemKind, TaskType, TaskUserStatus, taskUserStatusLabels } from '@lyceum/contract';
import { Card, Descriptions, List, Progress, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useLang } from '../../shell/i18n';
import { TIME } from '../../ui/portal-format';
import { useMyTaskTexts } from './my-task-texts';
import { timingOf } from './task-state';

const time = (iso: string) => dayjs(iso).format(TIME);

// Where the study pages open one item: the course player (My courses) or the article (knowledge base).
export function itemPath(item: MyTask['items'][number]): string {
  return item.kind === TaskItemKind.Course
    ? `/study/course?courseId=${item.targetId}`
    : `/study/knowledge?articleId=${item.targetId}`;
}

// A course or knowledge-base task: what to study, each item's link and whether it is done, and when
// it is due. It completes by itself as the student finishes the courses or reads the articles.
export function StudyCard({ task, now }: { task: MyTask; now: number }) {
  const { t } = useMyTaskTexts();
  const lang = useLang();
  const done = new Set(task.itemsDone);
  const passed = task.status === TaskUserStatus.Passed;
  const timing = timingOf(task, now);
  const course = task.taskType === TaskType.Course;
  const line = passed
    ? {
        icon: <CheckCircleFilled />,
        text: t('myTask.studyDone', { time: time(task.handedInAt ?? task.dueTime) }),
        kind: 'handedIn',
      }
    : timing.kind === 'opens'
      ? {
          icon: <ClockCircleOutlined />,
          text: t('myTask.opensIn', { span: t(`myTask.${timing.in.unit}`, { count: timing.in.count }) }),
          kind: 'opens',
        }
      : timing.kind === 'due'
        ? {
            icon: timing.urgent ? <WarningOutlined /> : <ClockCircleOutlined />,
            text: t('myTask.dueIn', { span: t(`myTask.${timing.in.unit}`, { count: timing.in.count }) }),
            kind: timing.urgent ? 'due is-urgent' : 'due',
          }
        : { icon: <WarningOutlined />, text: t('myTask.studyMissed'), kind: 'missed is-urgent' };
  const percent = task.items.length ? Math.round((done.size / task.items.length) * 100) : 0;
  const progress = t('myTask.studyProgress', { done: done.size, total: task.items.length });
  return (
    <Card
      size="small"
      className="my-task-card"
      data-testid="my-task"
      title={
        <Space size={8} wrap>
          <span className="my-task-name">{task.name}</span>
          <Tag color={taskUserStatusLabels[task.status].color} data-testid="task-status">
            {labelOf(taskUserStatusLabels, task.status, lang)}
          </Tag>
        </Space>
      }
    >
      <div className={`my-task-timing is-${line.kind}`} data-testid="task-timing">
        {line.icon} {line.text}
      </div>
      {task.description && (
        <Typography.Paragraph className="my-task-description" ellipsis={{ rows: 3, expandable: 'collapsible' }}>
          {task.description}
        </Typography.Paragraph>
      )}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'due', label: t('myTask.due'), children: time(task.dueTime) },
          {
            key: 'progress',
            label: course ? t('myTask.courses') : t('myTask.articles'),
            children: (
              <div className="my-task-progress">
                <Progress
                  aria-label={progress}
                  percent={percent}
                  size="small"
                  showInfo={false}
                  status={passed ? 'success' : 'normal'}
                />
                <Typography.Text>{progress}</Typography.Text>
              </div>
            ),
          },
        ]}
      />
      <List
        size="small"
        className="my-task-items"
        dataSource={task.items.map((item, i) => ({ item, done: done.has(i) }))}
        renderItem={({ item, done: isDone }) => (
          <List.Item
            actions={[
              <Link
                key="open"
                to={itemPath(item)}
                aria-label={t(course ? 'myTask.openCourseOf' : 'myTask.readArticleOf', { title: item.title })}
              >
                {t(course ? 'myTask.openCourse' : 'myTask.readArticle')}
              </Link>,
            ]}
          >
            <Space size={6}>
              {isDone ? (
                <CheckCircleFilled
                  className="my-task-item-done"
                  aria-label={t('myTask.itemDoneOf', { title: item.title })}
                />
              ) : (
                <span className="my-task-item-todo" aria-hidden="true" />
              )}
              <span>{item.title}</span>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
