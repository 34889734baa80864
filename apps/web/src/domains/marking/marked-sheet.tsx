import { answerStatusLabels, labelOf, type MarkedPaper } from '@lyceum/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../../shell/i18n';
import { AnswerText, ChangeTags, points, QuestionKey, QuestionStem } from './marked-question';
import { useMarkingTexts } from './marking-texts';

// One marked paper as the student will see it: each question with their answer, the key, the score
// and the teacher's comment; section subtotals and the total. The read screen and printing share it.
export function MarkedSheet({ paper, school }: { paper: MarkedPaper; school?: string }) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  const who = paper.realName ? `${paper.realName}${paper.userName ? ` (${paper.userName})` : ''}` : paper.code;
  return (
    <article className="marked-sheet" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <header className="marked-header">
        {school && <div className="marked-school">{school}</div>}
        <h1 className="marked-title">{paper.examName}</h1>
        <div className="marked-facts">
          <span>{t('marking.candidate', { who })}</span>
          {paper.className && <span>{t('marking.classIs', { name: paper.className })}</span>}
          {paper.endedAt && (
            <span>{t('marking.handedIn', { time: dayjs(paper.endedAt).format('YYYY-MM-DD HH:mm') })}</span>
          )}
          <Tag color={answerStatusLabels[paper.answerStatus].color}>
            {labelOf(answerStatusLabels, paper.answerStatus, lang)}
          </Tag>
        </div>
        <div className="marked-total" data-testid="marked-total">
          {t('marking.totalOf', { score: points(paper.score), max: points(paper.maxScore) })}
          {paper.passScore !== null && paper.score !== null && (
            <span className={paper.score >= paper.passScore ? 'marked-pass' : 'marked-fail'}>
              {t(paper.score >= paper.passScore ? 'marking.passed' : 'marking.notPassed', {
                pass: points(paper.passScore),
              })}
            </span>
          )}
        </div>
      </header>
      {paper.sections.map((s) => (
        <section key={s.title} className="marked-section">
          <h2>
            {s.title}{' '}
            <span className="marked-subtotal">
              {t('marking.sectionGot', { got: points(s.got), score: points(s.score) })}
            </span>
          </h2>
          {s.items.map(({ question, mark }) => (
            <div key={question.questionId} className="marked-item">
              <div className="marked-item-score">
                <strong>{`${points(mark.score)} / ${points(mark.max)}`}</strong> <ChangeTags question={question} />
              </div>
              <QuestionStem q={question.question} number={`${question.no}.`} />
              <div className="marked-answer">
                <span className="marked-label">{t('marking.studentAnswer')}</span>
                <AnswerText q={question.question} answer={mark.answer} />
              </div>
              <div className="marked-keyline">
                <span className="marked-label">{t('marking.key')}</span>
                <QuestionKey q={question.question} />
              </div>
              {mark.comment && (
                <div className="marked-comment">
                  <span className="marked-label">{t('marking.comment')}</span> {mark.comment}
                </div>
              )}
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}
