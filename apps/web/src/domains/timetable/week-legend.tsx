import { LessonStatus, labelOf, lessonStatusLabels } from '@lyceum/contract';
import { useLang } from '../../shell/i18n';
import { useWeekTexts } from './week-texts';

// What the week's colours and marks mean (the same classes the entries wear).
export function WeekLegend({ liveClasses = false }: { liveClasses?: boolean }) {
  const { t } = useWeekTexts();
  const lang = useLang();
  const status = (s: LessonStatus) => labelOf(lessonStatusLabels, s, lang);
  const items: [string, string][] = [
    ['kind-lesson', t('weekCal.lesson')],
    ['kind-exam', t('weekCal.exam')],
    ['kind-homework', t('weekCal.homework')],
    ...(liveClasses ? [['kind-liveClass', t('weekCal.liveClass')] as [string, string]] : []),
    ['kind-lesson is-moved', status(LessonStatus.Moved)],
    ['kind-lesson is-substituted', status(LessonStatus.Substituted)],
    ['kind-lesson is-cancelled', status(LessonStatus.Cancelled)],
  ];
  return (
    <ul className="week-legend" aria-label={t('weekCal.legend')}>
      {items.map(([cls, label]) => (
        <li key={cls}>
          <span className={`week-entry ${cls}`} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}
