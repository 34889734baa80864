import { labelOf, type Message, MessageTarget, messageAudienceLabels } from '@lyceum/contract';
import { App, Typography } from 'antd';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { useTeamNames } from '../exam/exam-api';
import { formatMoment } from '../exam/moment-input';
import { messageActions } from './message-api';
import { useMessageTexts } from './message-texts';

type Targets = Pick<
  Message,
  'targetType' | 'audience' | 'gradeYears' | 'teamIds' | 'userIds' | 'notice' | 'recipientCount'
>;

// Who a message goes to, in one phrase: "Whole school: Students", "Grades: 2024", "Classes: 2024-1",
// "3 people".
export function useTargetText() {
  const { t } = useMessageTexts();
  const lang = useLang();
  const nameOf = useTeamNames();
  return (m: Targets) => {
    switch (m.targetType) {
      case MessageTarget.School:
        return t('message.toSchool', { audience: labelOf(messageAudienceLabels, m.audience, lang) });
      case MessageTarget.Grade:
        return t('message.toGrades', { years: m.gradeYears.join(', ') });
      case MessageTarget.Class:
        return t('message.toClasses', { names: m.teamIds.map((id) => nameOf(id) ?? `#${id}`).join(', ') });
      default:
        // The product's notices name no one: they went to the people the change concerned.
        return t('message.toPeople', { count: m.notice ? m.recipientCount : m.userIds.length });
    }
  };
}

export const unreadOf = (m: Pick<Message, 'recipientCount' | 'readCount'>) =>
  Math.max(0, m.recipientCount - m.readCount);

// Publish, withdraw and remind, each after a confirmation that says what happens and to whom.
export function useMessageTransitions(onDone: () => void) {
  const { t } = useMessageTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const target = useTargetText();
  return {
    publish: (m: Message) =>
      confirm({
        title: t('message.publishTitle', { title: m.title }),
        content: (
          <>
            <Typography.Paragraph>{t('message.publishGoesTo', { who: target(m) })}</Typography.Paragraph>
            {m.needRead && <Typography.Paragraph>{t('message.publishNeedRead')}</Typography.Paragraph>}
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {m.openEnd
                ? t('message.publishWindow', {
                    start: m.openStart ? formatMoment(m.openStart) : t('message.publishNow'),
                    end: formatMoment(m.openEnd),
                  })
                : t('message.publishFrom', {
                    start: m.openStart ? formatMoment(m.openStart) : t('message.publishNow'),
                  })}
            </Typography.Paragraph>
          </>
        ),
        okText: t('message.publish'),
        onOk: async () => {
          await messageActions.publish(m.id);
          message.success(t('message.published', { title: m.title }));
          onDone();
        },
      }),
    withdraw: (m: Message) =>
      confirm({
        title: t('message.withdrawTitle', { title: m.title }),
        content: t('message.withdrawHint'),
        okText: t('message.withdraw'),
        danger: true,
        onOk: async () => {
          await messageActions.withdraw(m.id);
          message.success(t('message.withdrawn', { title: m.title }));
          onDone();
        },
      }),
    remind: (m: Message) =>
      confirm({
        title: t('message.remindTitle', { title: m.title }),
        content: (
          <>
            <Typography.Paragraph>{t('message.remindHint', { count: unreadOf(m) })}</Typography.Paragraph>
            {m.lastRemindTime && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t('message.remindLast', { time: formatMoment(m.lastRemindTime) })}
              </Typography.Paragraph>
            )}
          </>
        ),
        okText: t('message.remind'),
        onOk: async () => {
          const answer = await messageActions.remind(m.id);
          // The action answers the message, with how many the reminder reached.
          message.success(t('message.reminded', { count: answer?.lastRemindCount ?? unreadOf(m) }));
          onDone();
        },
      }),
  };
}
