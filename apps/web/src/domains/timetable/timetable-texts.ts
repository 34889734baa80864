import { useMemo } from 'react';
import { moduleTexts } from '../../shell/module-texts';
import { en } from './timetable-texts-en';
import { zh } from './timetable-texts-zh';

// The teaching-management screen's texts, read as `tt.key` (the week grid has its own, weekCal.*).
export const { useTexts: useTimetableTexts } = moduleTexts('tt', en, zh);

// 1 Monday … 7 Sunday, named in the reader's language.
export function useWeekdayName(): (weekday: number) => string {
  const { t } = useTimetableTexts();
  return (weekday) => t(`tt.weekday${weekday}`);
}

export function useWeekdayOptions() {
  const { t, i18n } = useTimetableTexts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change with the language
  return useMemo(
    () => [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`tt.weekday${d}`) })),
    [t, i18n.language],
  );
}
