import { type MyTask, TaskType } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useServerNow } from '../../ui/countdown';
import { ResultDrawer } from '../my-exam/result-drawer';
import { fetchMyTasks, MY_TASK_KEY, type TaskListView } from './my-task-api';
import { useMyTaskTexts } from './my-task-texts';
import { StudyCard } from './study-card';
import { TaskCard } from './task-card';
import { nextChange } from './task-state';
import './my-task.css';

const VIEWS: readonly TaskListView[] = ['todo', 'done', 'all'];

// A student's homework: what is to do (with its due time), what is handed in (marking, marked,
// returned), or all of it. The server sorts each list and says which actions are open now.
export default function MyTaskView() {
  const { t } = useMyTaskTexts();
  const client = useQueryClient();
  const [view, setView] = useState<TaskListView>('todo');
  const list = useQuery({ queryKey: [MY_TASK_KEY, view], queryFn: ({ signal }) => fetchMyTasks(view, { signal }) });
  // The to-do count beside its name, whichever list is shown (the same query as the to-do list).
  const todo = useQuery({ queryKey: [MY_TASK_KEY, 'todo'], queryFn: ({ signal }) => fetchMyTasks('todo', { signal }) });
  const now = useServerNow(list.data?.offset);
  const [shown, setShown] = useState<MyTask | null>(null);

  // When a task opens, falls due or stops taking late work, ask the server again (it decides), once per moment.
  const asked = useRef<number | null>(null);
  const change = list.data ? nextChange(list.data.data.tasks, list.data.data.serverNow) : null;
  useEffect(() => {
    if (change !== null && now >= change && asked.current !== change) {
      asked.current = change;
      void client.invalidateQueries({ queryKey: [MY_TASK_KEY] });
    }
  }, [now, change, client]);

  const todoCount = todo.data?.data.tasks.length ?? 0;
  const tasks = list.data?.data.tasks ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Segmented<TaskListView>
          value={view}
          onChange={setView}
          aria-label={t('myTask.views')}
          options={VIEWS.map((v) => ({
            value: v,
            label: (
              <Space size={6}>
                {t(`myTask.${v}`)}
                {v === 'todo' && todoCount > 0 && <Badge count={todoCount} color="var(--ant-color-primary)" />}
              </Space>
            ),
          }))}
        />
        <div className="my-task-list">
          {list.isPending ? (
            <Skeleton active />
          ) : list.isError ? (
            <Empty
              description={<Typography.Text type="danger">{t('myTask.loadFailed')}</Typography.Text>}
              image={Empty.PRESENTED_IMAGE_SIMPLE}
            >
              <Button onClick={() => void list.refetch()}>{t('myTask.retry')}</Button>
            </Empty>
          ) : tasks.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(`myTask.${view}Empty`)}
              data-testid="my-task-empty"
            />
          ) : (
            <div className="my-task-cards">
              {tasks.map((task) =>
                task.taskType === TaskType.Paper ? (
                  <TaskCard key={task.id} task={task} now={now} onResult={setShown} />
                ) : (
                  <StudyCard key={task.id} task={task} now={now} />
                ),
              )}
            </div>
          )}
        </div>
      </Card>
      <ResultDrawer
        exam={shown && shown.examId !== null ? { id: shown.examId, name: shown.name } : null}
        onClose={() => setShown(null)}
      />
    </Space>
  );
}
