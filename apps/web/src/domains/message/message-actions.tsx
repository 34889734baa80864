import { labelOf, type Message, MessageTarget, messageAudienceLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Typography } from 'antd';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { useTeamNames } from '../../ui/lookups';
import { formatMoment } from '../../ui/moment-input';
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
  const act = useAction(onDone);
  const target = useTargetText();
  return {
    publish: (m: Message) =>
      act(api.message.publish, {
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
        input: { params: { id: m.id }, body: {} },
        done: () => t('message.published', { title: m.title }),
      }),
    withdraw: (m: Message) =>
      act(api.message.withdraw, {
        title: t('message.withdrawTitle', { title: m.title }),
        content: t('message.withdrawHint'),
        okText: t('message.withdraw'),
        danger: true,
        input: { params: { id: m.id }, body: {} },
        done: () => t('message.withdrawn', { title: m.title }),
      }),
    remind: (m: Message) =>
      act(api.message.remind, {
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
        input: { params: { id: m.id }, body: {} },
        // The action answers the message, with how many the reminder reached.
        done: (answer) => t('message.reminded', { count: answer.lastRemindCount ?? unreadOf(m) }),
      }),
  };
}
