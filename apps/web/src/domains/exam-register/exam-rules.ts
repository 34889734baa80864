import { type AdmissionTicket, cameraSourceLabels, type Lang, labelOf, ShowScore } from '@lyceum/contract';
import type { TFunction } from 'i18next';

export type ExamRules = AdmissionTicket['rules'];

const scoreKey = {
  [ShowScore.Never]: 'ticket.scoreNever',
  [ShowScore.AfterSubmit]: 'ticket.scoreAfterSubmit',
  [ShowScore.AfterConfirmed]: 'ticket.scoreAfterConfirmed',
} as const satisfies Record<ShowScore, string>;

// The exam-day rules as sentences a candidate reads (the ticket and My exams); `t` of useTicketTexts.
export function ruleLines(rules: ExamRules, t: TFunction, lang: Lang): string[] {
  const switches =
    rules.switchWarnAfter === 0
      ? t('ticket.switchWarnFirst')
      : t('ticket.switchWarn', { count: rules.switchWarnAfter });
  const collect =
    rules.switchCollectAfter === null ? '' : ` ${t('ticket.switchCollect', { count: rules.switchCollectAfter })}`;
  return [
    t(rules.fullscreen ? 'ticket.fullscreenOn' : 'ticket.fullscreenOff'),
    `${switches}${lang === 'zh' ? collect.trim() : collect}`,
    rules.cameraSource === null
      ? t('ticket.cameraOff')
      : t('ticket.cameraOn', { camera: labelOf(cameraSourceLabels, rules.cameraSource, lang) }),
    t(scoreKey[rules.showScore]),
    t(rules.allowReview ? 'ticket.reviewOn' : 'ticket.reviewOff'),
  ];
}
