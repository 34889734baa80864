import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { conflictKindLabels, type ExamConflict } from '@lyceum/contract';
import { Space, Tag, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { useExamTexts } from './exam-texts';

// How many people or rooms a conflict names before "and N more".
const SHOWN_SUBJECTS = 6;

// Conflicts of one exam: the kind, the message in the reader's language, the other exam and who or
// what is in two places. Errors in red (they refuse the publish), warnings in orange.
export function ConflictList({ conflicts }: { conflicts: ExamConflict[] }) {
  const { t } = useExamTexts();
  const lang = useLang();
  return (
    <ul className="exam-conflicts">
      {conflicts.map((c) => {
        const error = c.severity === 'error';
        const shown = c.subjects.slice(0, SHOWN_SUBJECTS);
        const more = Math.max(c.count, c.subjects.length) - shown.length;
        return (
          <li
            key={`${c.kind}-${c.otherExamId ?? 'none'}-${c.message.en}`}
            className={error ? 'is-error' : 'is-warning'}
          >
            <Space size={6} align="start">
              {error ? (
                <CloseCircleFilled className="exam-conflict-icon" aria-hidden />
              ) : (
                <WarningFilled className="exam-conflict-icon" aria-hidden />
              )}
              <div>
                <Space size={4} wrap>
                  <Tag color={error ? 'error' : 'warning'}>{conflictKindLabels[c.kind][lang]}</Tag>
                  {c.otherExamName && (
                    <Typography.Text type="secondary">{t('exam.withExam', { name: c.otherExamName })}</Typography.Text>
                  )}
                </Space>
                <div className="exam-conflict-message">{c.message[lang] || c.message.en}</div>
                {shown.length > 0 && (
                  <Space size={[4, 4]} wrap className="exam-conflict-subjects">
                    {shown.map((s) => (
                      <Tag key={s} bordered={false}>
                        {s}
                      </Tag>
                    ))}
                    {more > 0 && (
                      <Typography.Text type="secondary">{t('exam.andMore', { count: more })}</Typography.Text>
                    )}
                  </Space>
                )}
              </div>
            </Space>
          </li>
        );
      })}
    </ul>
  );
}
