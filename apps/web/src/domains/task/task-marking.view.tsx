import { SolutionOutlined, UndoOutlined } from '@ant-design/icons';
import { type Task, TaskType } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { App, Button, Result, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { useActiveRoute } from '../../shell/layout/view-stack';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { MarkByQuestion } from '../marking/mark-by-question';
import { MarkByStudent } from '../marking/mark-by-student';
import { MarkOverviewPanel } from '../marking/mark-overview';
import { ReadPaper } from '../marking/mark-read';
import { type MarkHost, MarkHostContext, numberParam } from '../marking/marking-api';
import { type Returning, ReturnWorkModal } from './return-work';
import { TASK_LIST_PATH, taskMarkRoutes, taskStudents, useTask } from './task-api';
import { TaskStudentsDrawer } from './task-students';
import { useTaskTexts } from './task-texts';
import '../marking/marking.css';

// /task/taskPaperEdit?taskId=&examId=: marking a homework task. The marking screens run here on the
// hidden exam the task runs on (overview, &questionId= by question, &attemptId= by student, &read=1
// one paper), with the task's own ways: its students, and returning a paper for a redo.
export default function TaskMarkingView() {
  const { t } = useTaskTexts();
  const navigate = useNavigate();
  const tab = useTabLocation();
  const shown = useActiveRoute()?.path === tab?.path;
  const taskId = numberParam(tab?.query, 'taskId');
  if (taskId === null)
    return (
      <Result
        status="info"
        subTitle={t('task.markOpenFromList')}
        extra={<Button onClick={() => navigate(TASK_LIST_PATH)}>{t('task.allTasks')}</Button>}
      />
    );
  return (
    <TaskMarking
      key={taskId}
      taskId={taskId}
      questionId={numberParam(tab?.query, 'questionId')}
      attemptId={numberParam(tab?.query, 'attemptId')}
      read={tab?.query.read === '1'}
      shown={shown}
    />
  );
}

interface Props {
  taskId: number;
  questionId: number | null;
  attemptId: number | null;
  read: boolean;
  shown: boolean;
}

function TaskMarking({ taskId, questionId, attemptId, read, shown }: Props) {
  const { t } = useTaskTexts();
  const navigate = useNavigate();
  const canMark = usePermission(['task:mark']);
  const task = useTask(taskId);
  const [studentsOpen, setStudentsOpen] = useState(false);
  const [returning, setReturning] = useState<Returning[] | null>(null);
  const row = task.data;

  const host = useMemo<MarkHost>(
    () => ({
      ...taskMarkRoutes(taskId),
      homeLabel: t('task.allTasks'),
      backLabel: t('task.backToHomework'),
      overviewActions: (
        <Button icon={<SolutionOutlined />} onClick={() => setStudentsOpen(true)}>
          {t('task.studentsAction')}
        </Button>
      ),
      paperActions:
        canMark && row
          ? (examId, attempt) => (
              <ReturnPaperButton task={row} examId={examId} attemptId={attempt} onFound={setReturning} />
            )
          : undefined,
    }),
    [taskId, t, canMark, row],
  );

  if (task.isPending) return <Skeleton active style={{ padding: 24 }} />;
  const back = <Button onClick={() => navigate(TASK_LIST_PATH)}>{t('task.allTasks')}</Button>;
  if (!row) return <Result status="404" subTitle={t('task.notFound')} extra={back} />;
  if (row.taskType !== TaskType.Paper)
    return <Result status="info" subTitle={t('task.nothingToMarkType')} extra={back} />;
  if (row.examId === null) return <Result status="info" subTitle={t('task.nothingToMarkYet')} extra={back} />;
  const examId = row.examId;

  return (
    <MarkHostContext.Provider value={host}>
      {attemptId !== null && read ? (
        <ReadPaper key={`read-${attemptId}`} examId={examId} attemptId={attemptId} />
      ) : attemptId !== null ? (
        <MarkByStudent key={`student-${attemptId}`} examId={examId} attemptId={attemptId} />
      ) : questionId !== null ? (
        <MarkByQuestion key={`question-${questionId}`} examId={examId} questionId={questionId} shown={shown} />
      ) : (
        <MarkOverviewPanel examId={examId} />
      )}
      <TaskStudentsDrawer task={studentsOpen ? row : null} onClose={() => setStudentsOpen(false)} />
      {returning && (
        <ReturnWorkModal
          task={row}
          students={returning}
          onClose={() => setReturning(null)}
          onDone={() => {
            setReturning(null);
            navigate(host.overview(examId));
          }}
        />
      )}
    </MarkHostContext.Provider>
  );
}

// "Return for redo" on one paper. The marking screens know the paper by its attempt (anonymous);
// the student is found when asked for: the paper with the name revealed, then that name among the
// task's students.
function ReturnPaperButton({
  task,
  examId,
  attemptId,
  onFound,
}: {
  task: Task;
  examId: number;
  attemptId: number;
  onFound: (students: Returning[]) => void;
}) {
  const { t } = useTaskTexts();
  const { message } = App.useApp();
  const [finding, setFinding] = useState(false);

  async function find() {
    setFinding(true);
    try {
      const paper = await call(api.answer.paper, { body: { examId, attemptId, reveal: true } });
      const page = paper.userName
        ? await taskStudents(task.id, { keyword: paper.userName, pageIndex: 1, pageSize: 50 })
        : null;
      const student = page?.list.find((s) => s.attemptId === attemptId);
      if (student?.handedInAt) onFound([{ userId: student.userId, name: student.realName }]);
      else message.info(t('task.returnNotHandedIn'));
    } catch {
      // The request client has shown the refusal.
    } finally {
      setFinding(false);
    }
  }

  return (
    <Button icon={<UndoOutlined />} loading={finding} onClick={() => void find()}>
      {t('task.returnForRedo')}
    </Button>
  );
}
