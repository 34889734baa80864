import { ClockCircleOutlined, FileDoneOutlined, LoginOutlined, RedoOutlined, WarningOutlined } from '@ant-design/icons';
import { attemptCountingLabels, labelOf, type MyTask, taskUserStatusLabels } from '@lyceum/contract';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { TIME } from '../../ui/portal-format';
import { takePath } from '../my-exam/my-exam-api';
import { redoTask } from './my-task-api';
import { useMyTaskTexts } from './my-task-texts';
import { isHandedIn, openAction, type ScoreView, type Span, scoreViewOf, type Timing, timingOf } from './task-state';

const round = (v: number) => String(Math.round(v * 100) / 100);
const time = (iso: string) => dayjs(iso).format(TIME);
const spanText = (span: Span, t: TFunction) => t(`myTask.${span.unit}`, { count: span.count });

function timingText(timing: Timing, t: TFunction): string {
  switch (timing.kind) {
    case 'opens':
      return t('myTask.opensIn', { span: spanText(timing.in, t) });
    case 'due':
      return t('myTask.dueIn', { span: spanText(timing.in, t) });
    case 'late':
      return t('myTask.lateWindow', { span: spanText(timing.by, t), time: time(timing.until) });
    case 'missed':
      return t('myTask.missed');
    case 'handedIn':
      return t('myTask.handedInAt', { time: time(timing.at) });
  }
}

function TimingLine({ timing }: { timing: Timing }) {
  const { t } = useMyTaskTexts();
  const icon =
    timing.kind === 'handedIn' ? <FileDoneOutlined /> : timing.urgent ? <WarningOutlined /> : <ClockCircleOutlined />;
  return (
    <div className={`my-task-timing is-${timing.kind}${timing.urgent ? ' is-urgent' : ''}`} data-testid="task-timing">
      {icon} {timingText(timing, t)}
    </div>
  );
}

function ScoreText({ view, task }: { view: ScoreView; task: MyTask }) {
  const { t } = useMyTaskTexts();
  switch (view.kind) {
    case 'score':
      return (
        <Space size={8} wrap>
          <Typography.Text strong className="my-task-score" data-testid="task-score">
            {view.max === null
              ? round(view.score)
              : t('myTask.scoreOf', { score: round(view.score), max: round(view.max) })}
          </Typography.Text>
          {task.passScore !== null && (
            <Typography.Text type="secondary">
              {t('myTask.passMark')} {round(task.passScore)}
            </Typography.Text>
          )}
          {task.late && task.latePenalty > 0 && (
            <Typography.Text className="my-task-penalty">
              {t('myTask.latePenaltyApplied', { penalty: task.latePenalty })}
            </Typography.Text>
          )}
        </Space>
      );
    case 'marking':
      return (
        <Typography.Text type="secondary" data-testid="task-marking">
          {view.pending > 0 ? t('myTask.markingPending', { count: view.pending }) : t('myTask.marking')}
        </Typography.Text>
      );
    case 'afterDue':
      return <Typography.Text type="secondary">{t('myTask.scoreAfterDue')}</Typography.Text>;
    case 'never':
      return <Typography.Text type="secondary">{t('myTask.scoreNever')}</Typography.Text>;
    case 'none':
      return null;
  }
}

function latePolicy(task: MyTask, t: TFunction): string {
  if (task.lateUntil === null) return t('myTask.lateNo');
  return task.latePenalty > 0
    ? t('myTask.lateUntilPenalty', { time: time(task.lateUntil), penalty: task.latePenalty })
    : t('myTask.lateUntil', { time: time(task.lateUntil) });
}

// One homework: the teacher's return note first, then its name and status, when it is due, the
// late rule, the score by the task's rule, and what the student can do now.
export function TaskCard({ task, now, onResult }: { task: MyTask; now: number; onResult: (task: MyTask) => void }) {
  const { t } = useMyTaskTexts();
  const lang = useLang();
  const confirm = useConfirm();
  const timing = timingOf(task, now);
  const score = scoreViewOf(task);
  const action = openAction(task);
  const handedIn = isHandedIn(task);
  const left = task.attemptsAllowed - task.handIns;

  const redo = () =>
    confirm({
      title: t('myTask.redoConfirm', { name: task.name }),
      content: (
        <>
          <p>{t('myTask.redoHint')}</p>
          {left > 0 && <p>{t('myTask.redoLeft', { count: left })}</p>}
        </>
      ),
      okText: t('myTask.redo'),
      onOk: async () => {
        const { examId } = await redoTask(task.id);
        window.location.assign(takePath(examId, 'homework'));
      },
    });

  return (
    <Card
      size="small"
      className={`my-task-card${timing.urgent && !handedIn ? ' is-urgent' : ''}`}
      data-testid="my-task"
      title={
        <Space size={8} wrap>
          <span className="my-task-name">{task.name}</span>
          <Tag color={taskUserStatusLabels[task.status].color} data-testid="task-status">
            {labelOf(taskUserStatusLabels, task.status, lang)}
          </Tag>
          {task.late && handedIn && <Tag color="warning">{t('myTask.late')}</Tag>}
        </Space>
      }
    >
      {task.returnNote !== null && !handedIn && (
        <Alert
          className="my-task-returned"
          type="warning"
          showIcon
          data-testid="return-note"
          title={t('myTask.returned')}
          description={task.returnNote || t('myTask.returnedNoNote')}
        />
      )}
      <TimingLine timing={timing} />
      {task.description && (
        <Typography.Paragraph
          className="my-task-description"
          ellipsis={{ rows: 3, expandable: 'collapsible' }}
          data-testid="task-description"
        >
          {task.description}
        </Typography.Paragraph>
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          ...(timing.kind === 'opens'
            ? [{ key: 'start', label: t('myTask.starts'), children: time(task.startTime) }]
            : []),
          { key: 'due', label: t('myTask.due'), children: time(task.dueTime) },
          { key: 'late', label: t('myTask.latePolicy'), children: latePolicy(task, t) },
          {
            key: 'handIns',
            label: t('myTask.handIns'),
            children:
              task.attemptsAllowed > 1
                ? `${t('myTask.handInsOf', { count: task.handIns, allowed: task.attemptsAllowed })} · ${labelOf(
                    attemptCountingLabels,
                    task.scoreCounting,
                    lang,
                  )}`
                : t('myTask.handInsOf', { count: task.handIns, allowed: task.attemptsAllowed }),
          },
          ...(task.earlier.length
            ? [
                {
                  key: 'earlier',
                  label: t('myTask.earlier'),
                  children: (
                    <span data-testid="earlier-hand-ins">
                      {task.earlier
                        .map((h) =>
                          [
                            t('myTask.handInNo', { no: h.no }),
                            h.score === null ? '—' : String(h.score),
                            h.late ? t('myTask.lateShort') : '',
                            h.returned ? t('myTask.returnedShort') : '',
                          ]
                            .filter(Boolean)
                            .join(' '),
                        )
                        .join(' · ')}
                    </span>
                  ),
                },
              ]
            : []),
          ...(score.kind !== 'none'
            ? [
                {
                  key: 'score',
                  label: t('myTask.score'),
                  children: <ScoreText view={score} task={task} />,
                },
              ]
            : []),
        ]}
      />
      {task.instantFeedback && !handedIn && (
        <Typography.Text type="secondary" className="my-task-note">
          {t('myTask.instantFeedback')}
        </Typography.Text>
      )}
      {(action || task.canRedo || (handedIn && task.examId !== null)) && (
        <Space wrap className="my-task-actions">
          {action && task.examId !== null && (
            // The exam page is its own entry (exam.html): a full page load, in this tab, as My exams does.
            <Button
              type="primary"
              icon={<LoginOutlined />}
              href={takePath(task.examId, 'homework')}
              data-testid="open-task"
              aria-label={t(action === 'start' ? 'myTask.startOf' : 'myTask.continueOf', { name: task.name })}
            >
              {t(action === 'start' ? 'myTask.start' : 'myTask.continue')}
            </Button>
          )}
          {task.canRedo && (
            <Button icon={<RedoOutlined />} onClick={redo} aria-label={t('myTask.redoOf', { name: task.name })}>
              {t('myTask.redo')}
            </Button>
          )}
          {handedIn && task.examId !== null && (
            <Button onClick={() => onResult(task)} aria-label={t('myTask.resultOf', { name: task.name })}>
              {t('myTask.result')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}
