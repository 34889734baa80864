import { ArticleStatus, CourseStatus, DocumentAudience, type TaskItem, TaskItemKind, TaskType } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { type Cancel, call } from '../../shell/request';
import { useTaskTexts } from './task-texts';

interface Choice {
  value: number;
  label: string;
}

// What a course task may name: the caller's published courses (the server reaches only those they
// own or co-teach, or every one with course:all). What a knowledge-base task may name: published
// articles students can read.
async function choicesOf(taskType: TaskType, { signal }: Cancel): Promise<Choice[]> {
  if (taskType === TaskType.Course) {
    const rows = await call(api.course.list, { body: { status: CourseStatus.Published } }, { signal });
    return rows.map((c) => ({ value: c.id, label: `${c.title} (${c.code})` }));
  }
  const rows = await call(api.knowledge.list, { body: { status: ArticleStatus.Published } }, { signal });
  return rows.filter((a) => a.audience !== DocumentAudience.Staff).map((a) => ({ value: a.id, label: a.title }));
}

// The items as a multiple select: ids in the control, {kind, targetId, title} in the form (the
// server stores the titles as they are).
function ItemsSelect(props: {
  id?: string;
  taskType: TaskType;
  value?: TaskItem[];
  onChange?: (items: TaskItem[]) => void;
  label: string;
}) {
  const { t } = useTaskTexts();
  const course = props.taskType === TaskType.Course;
  const kind = course ? TaskItemKind.Course : TaskItemKind.Article;
  const choices = useQuery({
    queryKey: ['task', 'studyItems', props.taskType],
    queryFn: ({ signal }) => choicesOf(props.taskType, { signal }),
    staleTime: 30_000,
  });
  const value = props.value ?? [];
  // Items saved earlier stay shown by their titles, even when no longer offered.
  const options = [
    ...(choices.data ?? []),
    ...value
      .filter((i) => !choices.data?.some((c) => c.value === i.targetId))
      .map((i) => ({ value: i.targetId, label: i.title })),
  ];
  return (
    <Select<number[]>
      id={props.id}
      mode="multiple"
      aria-label={props.label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={choices.isPending}
      placeholder={t(course ? 'task.itemsCoursesPlaceholder' : 'task.itemsArticlesPlaceholder')}
      value={value.map((i) => i.targetId)}
      options={options}
      onChange={(ids) =>
        props.onChange?.(
          ids.map((targetId) => ({
            kind,
            targetId,
            title: options.find((o) => o.value === targetId)?.label ?? String(targetId),
          })),
        )
      }
      notFoundContent={
        choices.isPending ? undefined : (
          <Typography.Text type="secondary">
            {t(course ? 'task.noCourses' : 'task.noArticles')}{' '}
            <Link to={course ? '/baseData/courseLearning' : '/baseData/knowledge'}>
              {t(course ? 'task.openCourses' : 'task.openArticles')}
            </Link>
          </Typography.Text>
        )
      }
    />
  );
}

// The courses to complete, or the articles to read, of a course or knowledge-base task.
export function StudyItemsField({ taskType }: { taskType: TaskType }) {
  const { t } = useTaskTexts();
  const course = taskType === TaskType.Course;
  const label = t(course ? 'task.itemsCourses' : 'task.itemsArticles');
  return (
    <Form.Item
      name="items"
      label={label}
      tooltip={t(course ? 'task.itemsCoursesHint' : 'task.itemsArticlesHint')}
      rules={[{ required: true, type: 'array', min: 1, message: t('validation.select', { field: label }) }]}
    >
      <ItemsSelect taskType={taskType} label={label} />
    </Form.Item>
  );
}
